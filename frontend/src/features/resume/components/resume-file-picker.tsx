import { FileIcon, UploadIcon } from 'lucide-react';
import { useCallback, useId, useState, type DragEvent } from 'react';
import { buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { formatSizeInMb, isImageFile, RESUME_FILE_ACCEPT } from '../lib/resume-file';

interface ResumeFilePickerProps {
  file: File | null;
  disabled: boolean;
  onSelect: (file: File | null) => void;
}

/**
 * Choose a resume with the file picker (a real file input, named "Choose File" by its label) or
 * drop one on the zone; then its name, its size in MB and, for an image, a preview.
 */
export function ResumeFilePicker({ file, disabled, onSelect }: ResumeFilePickerProps) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (!disabled && dropped) onSelect(dropped);
  };

  return (
    <div className="grid gap-4">
      <div
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        className={cn(
          'grid justify-items-center gap-3 rounded-lg border-2 border-dashed border-input px-4 py-8 text-center transition-colors',
          'data-[dragging]:border-primary data-[dragging]:bg-accent/50',
          disabled && 'opacity-60',
        )}
      >
        <UploadIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm font-medium">Drag and drop your resume here, or</p>
        <label
          htmlFor={inputId}
          className={cn(
            buttonVariants({ variant: 'outline' }),
            'cursor-pointer has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring has-[input:focus-visible]:ring-offset-2',
            disabled && 'pointer-events-none',
          )}
        >
          Choose File
          <input
            id={inputId}
            type="file"
            accept={RESUME_FILE_ACCEPT}
            className="sr-only"
            aria-describedby={hintId}
            disabled={disabled}
            onChange={(event) => {
              onSelect(event.target.files?.[0] ?? null);
              // Choosing the same file again (after fixing nothing) should still count as a choice.
              event.target.value = '';
            }}
          />
        </label>
        <p id={hintId} className="text-xs text-muted-foreground">
          Images (PNG, JPEG, WebP), PDF, Word (.docx) or JSON Resume (.json), up to 5 MB.
        </p>
      </div>

      {file ? <ChosenFile file={file} /> : null}
    </div>
  );
}

function ChosenFile({ file }: { file: File }) {
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/40 p-3 sm:grid-cols-[auto_1fr] sm:items-start">
      {isImageFile(file) ? <ImagePreview file={file} /> : <FileIcon className="size-10 text-muted-foreground" aria-hidden="true" />}
      <dl className="grid min-w-0 gap-1 text-sm">
        <div className="flex min-w-0 gap-1.5">
          <dt className="text-muted-foreground">File:</dt>
          <dd className="truncate font-medium" title={file.name}>
            {file.name}
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">Size:</dt>
          <dd>{formatSizeInMb(file.size)}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * The chosen image, shown from an object URL that lives exactly as long as the preview shows
 * this file: made when the image is attached, revoked when the file changes or the preview goes
 * (a React 19 ref cleanup), so no state and no leaked blob.
 */
function ImagePreview({ file }: { file: File }) {
  const attach = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return;
      const url = URL.createObjectURL(file);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return (
    <img
      ref={attach}
      alt={`Preview of ${file.name}`}
      className="max-h-64 w-full max-w-xs rounded-md border bg-card object-contain sm:w-48"
    />
  );
}
