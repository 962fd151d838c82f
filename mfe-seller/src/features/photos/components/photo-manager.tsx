import { PHOTO_ACCEPT, PHOTOS_MAX, PHOTOS_MIN } from '@carmarket/shared';
import { Badge, Button, VisuallyHidden } from '@carmarket/shared/ui';
import { useId, useState, type DragEvent } from 'react';
import styled from 'styled-components';
import type { PhotoItem, PhotoList } from '../hooks/use-photo-list';

const DropZone = styled.div<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  text-align: center;
  border: 2px dashed
    ${({ theme, $active }) => ($active ? theme.colors.tones.primary.background : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $active }) => ($active ? theme.colors.surfaceMuted : 'transparent')};

  p {
    margin: 0;
  }
`;

const FileInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;

  &:focus-visible + label {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Errors = styled.ul`
  margin: ${({ theme }) => `${theme.space.md} 0 0`};
  padding-left: 1.25rem;
  color: ${({ theme }) => theme.colors.dangerText};
`;

const Grid = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => `${theme.space.md} 0 0`};
  padding: 0;
  list-style: none;
`;

const Tile = styled.li<{ $dragging: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  opacity: ${({ $dragging }) => ($dragging ? 0.5 : 1)};
  cursor: grab;

  img,
  [role='img'] {
    width: 100%;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
  }

  progress {
    width: 100%;
  }
`;

/** In a processing photo's place, as large as its preview will be. */
const Processing = styled.div`
  display: grid;
  place-items: center;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 1.25rem;
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const REORDER_TYPE = 'application/x-carmarket-photo';

export interface PhotoManagerProps {
  list: PhotoList;
  /** Edit mode marks which photos the listing already has and which are new. */
  mode: 'create' | 'edit';
  /** Upload progress (0–100) by photo key, while photos are being uploaded. */
  progress?: Readonly<Record<string, number>>;
  disabled?: boolean;
  /** Replaces the local removal, e.g. to delete a stored photo on the server first. */
  onRemove?: (photo: PhotoItem) => void;
}

/**
 * Picking, previewing and arranging a listing's photos (spec §4 Photos): drop files or pick them,
 * checked before any upload; the first photo is primary until another is set; drag a photo, or use
 * its arrow buttons, to reorder.
 */
export function PhotoManager({
  list,
  mode,
  progress = {},
  disabled = false,
  onRemove = (photo) => list.remove(photo.key),
}: PhotoManagerProps) {
  const { photos } = list;
  const inputId = useId();
  const [errors, setErrors] = useState<string[]>([]);
  const [dropActive, setDropActive] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const addFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setErrors(list.add(Array.from(files)));
  };

  const isFileDrag = (event: DragEvent) => event.dataTransfer.types.includes('Files');

  const onZoneDrop = (event: DragEvent) => {
    if (!isFileDrag(event)) return;
    event.preventDefault();
    setDropActive(false);
    if (!disabled) addFiles(event.dataTransfer.files);
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= photos.length) return;
    list.move(from, to);
    setAnnouncement(`Photo ${from + 1} moved to position ${to + 1} of ${photos.length}`);
  };

  const onTileDrop = (event: DragEvent, index: number) => {
    if (dragged === null || !event.dataTransfer.types.includes(REORDER_TYPE)) return;
    event.preventDefault();
    move(dragged, index);
    setDragged(null);
  };

  return (
    <div>
      <DropZone
        $active={dropActive}
        onDragOver={(event) => {
          if (!isFileDrag(event)) return;
          event.preventDefault();
          setDropActive(true);
        }}
        onDragLeave={() => setDropActive(false)}
        onDrop={onZoneDrop}
        data-testid="photo-drop-zone"
      >
        <p>Drag and drop photos here, or</p>
        <FileInput
          id={inputId}
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          disabled={disabled || photos.length >= PHOTOS_MAX}
          onChange={(event) => {
            addFiles(event.target.files);
            // Lets the same file be picked again after it was removed.
            event.target.value = '';
          }}
        />
        <Button as="label" htmlFor={inputId} $variant="secondary">
          Choose photos
        </Button>
        <Hint>
          JPEG, PNG or WebP, less than 10MB each. At least {PHOTOS_MIN}, at most {PHOTOS_MAX} photos. The
          primary photo is shown first in search.
        </Hint>
      </DropZone>
      <div role="alert">
        {errors.length > 0 && (
          <Errors>
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </Errors>
        )}
      </div>
      <p aria-live="polite">
        {photos.length} of {PHOTOS_MAX} photos
        <VisuallyHidden>{announcement ? `. ${announcement}` : ''}</VisuallyHidden>
      </p>
      {photos.length > 0 && (
        <Grid aria-label="Photos">
          {photos.map((photo, index) => {
            const position = index + 1;
            const percent = progress[photo.key];
            return (
              <Tile
                key={photo.key}
                $dragging={dragged === index}
                draggable={!disabled}
                onDragStart={(event) => {
                  event.dataTransfer.setData(REORDER_TYPE, String(index));
                  event.dataTransfer.effectAllowed = 'move';
                  setDragged(index);
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(event) => {
                  if (event.dataTransfer.types.includes(REORDER_TYPE)) event.preventDefault();
                }}
                onDrop={(event) => onTileDrop(event, index)}
                data-testid="photo-tile"
              >
                {photo.processing ? (
                  <Processing role="img" aria-label={`Photo ${position}: Processing…`}>
                    Processing…
                  </Processing>
                ) : (
                  <img src={photo.preview} alt={`Photo ${position}`} draggable={false} />
                )}
                <Tags>
                  {photo.isPrimary && <Badge $tone="primary">Primary</Badge>}
                  {mode === 'edit' &&
                    (photo.publicId ? <Badge>Saved</Badge> : <Badge $tone="warning">New</Badge>)}
                </Tags>
                {percent !== undefined && (
                  <progress max={100} value={percent} aria-label={`Upload of photo ${position}`}>
                    {percent}%
                  </progress>
                )}
                <Controls>
                  {!photo.isPrimary && (
                    <Button
                      type="button"
                      $size="sm"
                      $variant="secondary"
                      // The name starts with the visible text, then says which photo.
                      aria-label={`Set as Primary: photo ${position}`}
                      disabled={disabled}
                      onClick={() => list.setPrimary(photo.key)}
                    >
                      Set as Primary
                    </Button>
                  )}
                  <Button
                    type="button"
                    $size="sm"
                    $variant="ghost"
                    aria-label={`Move photo ${position} left`}
                    // aria-disabled rather than disabled: the button keeps focus at the end of the row.
                    aria-disabled={disabled || index === 0}
                    onClick={() => !disabled && move(index, index - 1)}
                  >
                    <span aria-hidden="true">←</span>
                  </Button>
                  <Button
                    type="button"
                    $size="sm"
                    $variant="ghost"
                    aria-label={`Move photo ${position} right`}
                    aria-disabled={disabled || index === photos.length - 1}
                    onClick={() => !disabled && move(index, index + 1)}
                  >
                    <span aria-hidden="true">→</span>
                  </Button>
                  <Button
                    type="button"
                    $size="sm"
                    $variant="ghost"
                    aria-label={`Remove photo ${position}`}
                    disabled={disabled}
                    onClick={() => onRemove(photo)}
                  >
                    <span aria-hidden="true">✕</span>
                  </Button>
                </Controls>
              </Tile>
            );
          })}
        </Grid>
      )}
    </div>
  );
}
