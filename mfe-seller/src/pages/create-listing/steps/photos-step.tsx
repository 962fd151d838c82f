import { validatePhotoCount } from '@carmarket/shared/schemas';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { FormStack } from '../../../components/form-layout';
import { PhotoManager } from '../../../features/photos/components/photo-manager';
import type { PhotoList } from '../../../features/photos/hooks/use-photo-list';

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.dangerText};
`;

/** Step 3: no form, but at least 4 photos to go on. */
export function PhotosStep({
  list,
  onNext,
  actions,
}: {
  list: PhotoList;
  onNext: () => void;
  actions: ReactNode;
}) {
  const [tried, setTried] = useState(false);
  const problem = tried ? validatePhotoCount(list.photos.length) : null;
  return (
    <FormStack
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (validatePhotoCount(list.photos.length) === null) onNext();
      }}
    >
      <PhotoManager list={list} mode="create" />
      <div role="alert">{problem && <Problem>{problem}</Problem>}</div>
      {actions}
    </FormStack>
  );
}
