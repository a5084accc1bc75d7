import { PROFILE_IMAGE_MAX_BYTES, PROFILE_MESSAGES, type ProfilePictureKind } from '@hireloop/contracts';
import { ImageIcon, LoaderCircleIcon, TrashIcon } from 'lucide-react';
import { useState, type Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClassName } from '../../../components/ui/input';
import { displayError } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { uploadProfilePicture } from '../api/upload-picture';

/**
 * The picture types the server reads (ADR 046). The spec allows any image type; SVG (which can
 * carry script) and types browsers or the server cannot re-encode are refused.
 */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Why an image is refused before it is sent, or null: PNG, JPEG, WebP or GIF, at most 2 MB. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return 'Pictures must be images';
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return PROFILE_MESSAGES.pictureType;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return PROFILE_MESSAGES.imageTooLarge;
  return null;
}

interface ImageInputProps {
  /** Names the preview ("profile picture"). */
  what: string;
  /**
   * The remove button's name. Not "Remove <label>": a name holding the field's label would also
   * answer to that label (Playwright's getByLabel matches part of a name).
   */
  removeLabel: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** A refused file: the reason, for the form to show at the field. */
  onProblem: (message: string) => void;
  inputProps: {
    id: string;
    name: string;
    ref: Ref<HTMLInputElement>;
    onBlur: () => void;
    'aria-describedby': string | undefined;
    'aria-invalid': true | undefined;
  };
  /** A wide preview (the cover photo, kind `cover`) rather than a round one (the avatar). */
  wide?: boolean;
  disabled?: boolean;
}

/**
 * A picture chosen from a file, with its preview and a remove button. The file is uploaded at
 * once (the server re-encodes it, ADR 046) and the value becomes its address on our own origin,
 * which the preview shows and the form saves.
 */
export function ImageInput({ what, removeLabel, value, onChange, onProblem, inputProps, wide = false, disabled }: ImageInputProps) {
  const [uploading, setUploading] = useState(false);
  const kind: ProfilePictureKind = wide ? 'cover' : 'avatar';
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      onProblem(problem);
      return;
    }
    setUploading(true);
    try {
      onChange((await uploadProfilePicture(file, kind)).url);
    } catch (error) {
      onProblem(displayError(error, 'The image could not be uploaded. Please try again.'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="flex items-center gap-3">
      <div
        className={cn(
          'flex shrink-0 items-center justify-center overflow-hidden border bg-muted text-muted-foreground',
          wide ? 'h-14 w-28 rounded-md' : 'size-14 rounded-full',
        )}
      >
        {uploading ? (
          <LoaderCircleIcon role="img" aria-label={`Uploading the ${what}`} className="size-5 animate-spin" />
        ) : value ? (
          <img src={value} alt={`Chosen ${what}`} className="size-full object-cover" />
        ) : (
          <ImageIcon aria-hidden="true" className="size-5" />
        )}
      </div>
      <input
        {...inputProps}
        type="file"
        accept={PICTURE_TYPES.join(',')}
        disabled={disabled || uploading}
        className={cn(inputClassName, 'h-10 min-w-0 flex-1 py-1.5 file:mr-2 file:border-0 file:bg-transparent file:font-medium')}
        onChange={(event) => {
          const input = event.currentTarget;
          void choose(input.files?.[0]).finally(() => {
            input.value = '';
          });
        }}
      />
      {value ? (
        <Button type="button" variant="ghost" size="icon" aria-label={removeLabel} onClick={() => onChange(null)} disabled={disabled || uploading}>
          <TrashIcon aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}
