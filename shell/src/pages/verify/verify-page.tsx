import { routes } from '@carmarket/shared';
import { Button, Card, PageContainer } from '@carmarket/shared/ui';
import { Link } from '@carmarket/shared/router';

/** Spec §2: a placeholder; sign-in codes are entered on /login and /register themselves. */
export function VerifyPage() {
  return (
    <PageContainer>
      <Card>
        <h1>Verify your email</h1>
        <p>
          You were redirected here from login or register. Codes are entered on the sign-in page: go back to
          login to request a new one.
        </p>
        <Button as={Link} to={routes.login}>
          Back to Login
        </Button>
      </Card>
    </PageContainer>
  );
}
