import { PROFILE_IMAGE_MAX_BYTES, PROFILE_MESSAGES } from '@hireloop/contracts';
import { ImageIcon, TrashIcon } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClassName } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';

/** Why an image is refused, or null: any image type (spec part 2, §5), at most 2 MB. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return 'Pictures must be images';
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return PROFILE_MESSAGES.imageTooLarge;
  return null;
}

/** The file as a data URL (`data:image/png;base64,…`), the way the profile stores pictures. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read'));
    reader.readAsDataURL(file);
  });
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
  /** A wide preview (the cover photo) rather than a round one. */
  wide?: boolean;
  disabled?: boolean;
}

/** A picture chosen from a file (read as a data URL), with its preview and a remove button. */
export function ImageInput({ what, removeLabel, value, onChange, onProblem, inputProps, wide = false, disabled }: ImageInputProps) {
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      onProblem(problem);
      return;
    }
    try {
      onChange(await readAsDataUrl(file));
    } catch {
      onProblem('The image could not be read. Please choose another one.');
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
        {value ? (
          <img src={value} alt={`Chosen ${what}`} className="size-full object-cover" />
        ) : (
          <ImageIcon aria-hidden="true" className="size-5" />
        )}
      </div>
      <input
        {...inputProps}
        type="file"
        accept="image/*"
        disabled={disabled}
        className={cn(inputClassName, 'h-10 min-w-0 flex-1 py-1.5 file:mr-2 file:border-0 file:bg-transparent file:font-medium')}
        onChange={(event) => {
          const input = event.currentTarget;
          void choose(input.files?.[0]).finally(() => {
            input.value = '';
          });
        }}
      />
      {value ? (
        <Button type="button" variant="ghost" size="icon" aria-label={removeLabel} onClick={() => onChange(null)} disabled={disabled}>
          <TrashIcon aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}
