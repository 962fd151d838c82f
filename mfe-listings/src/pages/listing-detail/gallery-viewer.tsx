import { photoSrcSet, type ListingImage } from '@carmarket/shared';
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import styled from 'styled-components';
import { ListingPhoto } from './listing-photo';

// A horizontal swipe of at least this many pixels turns the photo.
const SWIPE_PX = 50;

const Dialog = styled.dialog`
  width: 100vw;
  max-width: 100vw;
  height: 100vh;
  max-height: 100vh;
  margin: 0;
  padding: 0;
  border: 0;
  background: #000;
  color: #fff;

  &::backdrop {
    background: rgb(0 0 0 / 85%);
  }
`;

const Frame = styled.div`
  display: grid;
  grid-template-rows: auto 1fr;
  height: 100%;
`;

const Bar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  padding: 0.5rem 1rem;
`;

const Stage = styled.div`
  position: relative;
  min-height: 0;
  touch-action: pan-y;
`;

const Control = styled.button`
  min-width: 2.75rem;
  min-height: 2.75rem;
  padding: 0.5rem 0.75rem;
  border: 1px solid #fff;
  border-radius: 999px;
  background: rgb(0 0 0 / 60%);
  color: #fff;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
`;

const Turn = styled(Control)<{ $side: 'left' | 'right' }>`
  position: absolute;
  top: 50%;
  ${({ $side }) => $side}: 0.75rem;
  transform: translateY(-50%);
`;

/**
 * Fullscreen photos in a modal <dialog>: the browser keeps focus inside it and makes the page
 * behind inert; arrows turn the photo, Escape closes it, a swipe turns it on touch screens. The
 * caller puts focus back where it was.
 */
export function GalleryViewer({
  images,
  index,
  altOf,
  onIndexChange,
  onClose,
}: {
  images: ListingImage[];
  index: number;
  altOf: (image: ListingImage, position: number) => string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const swipeStart = useRef<number | null>(null);
  const image = images[index]!;
  const turn = (step: number) => onIndexChange((index + step + images.length) % images.length);

  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') turn(1);
    else if (event.key === 'ArrowLeft') turn(-1);
    else return;
    event.preventDefault();
  };

  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || event.pointerType === 'mouse') return;
    const moved = event.clientX - start;
    if (Math.abs(moved) >= SWIPE_PX) turn(moved < 0 ? 1 : -1);
  };

  return (
    <Dialog
      ref={dialog}
      aria-label="Photo viewer"
      onKeyDown={onKeyDown}
      // Escape: the browser cancels the dialog; the page state follows.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Chrome may close a modal on a second Escape without a cancel event.
      onClose={onClose}
    >
      <Frame>
        <Bar>
          <p aria-live="polite">
            Photo {index + 1} of {images.length}
          </p>
          <Control type="button" onClick={onClose} autoFocus>
            Close
          </Control>
        </Bar>
        <Stage
          onPointerDown={(event) => {
            swipeStart.current = event.clientX;
          }}
          onPointerUp={onPointerUp}
        >
          <ListingPhoto
            src={image.url}
            srcSet={photoSrcSet(image, 'page')}
            sizes="100vw"
            alt={altOf(image, index)}
            processing={image.status === 'processing'}
            fit="contain"
          />
          {images.length > 1 && (
            <>
              <Turn type="button" $side="left" onClick={() => turn(-1)} aria-label="Previous photo">
                ‹
              </Turn>
              <Turn type="button" $side="right" onClick={() => turn(1)} aria-label="Next photo">
                ›
              </Turn>
            </>
          )}
        </Stage>
      </Frame>
    </Dialog>
  );
}
