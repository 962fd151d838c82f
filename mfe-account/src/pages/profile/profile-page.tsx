import {
  getErrorMessage,
  getRequestId,
  NAME_MAX,
  STATE_CODE_LENGTH,
  useSessionStore,
  type User,
  RemoteRoot,
} from '@carmarket/shared';
import { lazyResolver, type Profile, type ProfileInput } from '@carmarket/shared/schemas';
import {
  Button,
  Card,
  CheckboxField,
  PageContainer,
  SupportRequestId,
  TextField,
} from '@carmarket/shared/ui';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { useUpdateProfile } from '../../features/profile/api/update-profile';
import { DealerSection } from './dealer-section';
import { Form, Message } from './form-parts';

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 8rem;
  gap: 1rem;
`;

const profileResolver = lazyResolver(async () => {
  const [{ zodResolver }, { profileSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import(/* webpackExports: ["profileSchema"] */ '@carmarket/shared/schemas'),
  ]);
  return zodResolver(profileSchema);
});

const toFormValues = (user: User | null): ProfileInput => ({
  name: user?.name ?? '',
  phone: user?.phone ?? '',
  city: user?.city ?? '',
  state: user?.state ?? '',
  emailNewListings: user?.emailNewListings ?? false,
  emailSavedSearches: user?.emailSavedSearches ?? false,
});

/** /profile, 'My Profile' (spec §2): saved with PUT /auth/profile; the session then holds the new user. */
export function ProfilePage() {
  const user = useSessionStore((state) => state.user);
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput, unknown, Profile>({
    resolver: profileResolver,
    defaultValues: toFormValues(user),
  });

  const submit = handleSubmit((profile) => update.mutateAsync(profile).catch(() => undefined));

  return (
    <RemoteRoot remote="mfe_account">
      <PageContainer>
        <h1>My Profile</h1>
        <Card>
          <Form onSubmit={submit} noValidate aria-label="Profile">
            <TextField label="Email" type="email" value={user?.email ?? ''} readOnly />
            <TextField
              label="Display name"
              autoComplete="name"
              maxLength={NAME_MAX}
              error={errors.name?.message}
              {...register('name')}
            />
            <TextField
              label="Phone"
              type="tel"
              autoComplete="tel"
              placeholder="123-456-7890"
              error={errors.phone?.message}
              {...register('phone')}
            />
            <Row>
              <TextField
                label="City"
                autoComplete="address-level2"
                error={errors.city?.message}
                {...register('city')}
              />
              <TextField
                label="State"
                autoComplete="address-level1"
                maxLength={STATE_CODE_LENGTH}
                error={errors.state?.message}
                {...register('state')}
              />
            </Row>
            <CheckboxField label="Email me about new listings" {...register('emailNewListings')} />
            <CheckboxField label="Email me about saved searches" {...register('emailSavedSearches')} />
            <div role="status">{update.isSuccess && <Message>Profile updated successfully.</Message>}</div>
            {update.isError && (
              <div role="alert">
                <Message $error>{getErrorMessage(update.error, 'Failed to update profile')}</Message>
                <SupportRequestId requestId={getRequestId(update.error)} />
              </div>
            )}
            <div>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          </Form>
        </Card>
        <DealerSection />
      </PageContainer>
    </RemoteRoot>
  );
}
