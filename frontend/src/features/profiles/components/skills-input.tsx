import { PlusIcon, XIcon } from 'lucide-react';
import type { KeyboardEvent, Ref } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { addSkill } from '../lib/profile-form';

interface SkillsInputProps {
  skills: string[];
  onSkillsChange: (skills: string[]) => void;
  /** The text typed but not added yet (the form adds it on submit too). */
  draft: string;
  onDraftChange: (draft: string) => void;
  /** The label's, hint's and error's ties, from FormField: they go on the text box. */
  inputProps: {
    id: string;
    name: string;
    ref: Ref<HTMLInputElement>;
    onBlur: () => void;
    'aria-describedby': string | undefined;
    'aria-invalid': true | undefined;
    'aria-required': true | undefined;
  };
  disabled?: boolean;
}

/**
 * Skills added one at a time (spec part 2, §5): trimmed, duplicates ignored, Enter (or Add)
 * adds, each removable with its own named button.
 */
export function SkillsInput({ skills, onSkillsChange, draft, onDraftChange, inputProps, disabled }: SkillsInputProps) {
  const add = () => {
    onSkillsChange(addSkill(skills, draft));
    onDraftChange('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter adds the skill rather than submitting the form.
    event.preventDefault();
    add();
  };

  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        <Input
          {...inputProps}
          value={draft}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="e.g. TypeScript"
          autoComplete="off"
          disabled={disabled}
        />
        <Button type="button" variant="outline" onClick={add} disabled={disabled || !draft.trim()}>
          <PlusIcon aria-hidden="true" />
          Add skill
        </Button>
      </div>
      {skills.length > 0 ? (
        <ul aria-label="Skill list" className="flex flex-wrap gap-1.5">
          {skills.map((skill) => (
            <li key={skill}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1">
                {skill}
                <button
                  type="button"
                  aria-label={`Remove ${skill}`}
                  className="rounded-full p-0.5 outline-none hover:bg-foreground/10 focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => onSkillsChange(skills.filter((existing) => existing !== skill))}
                  disabled={disabled}
                >
                  <XIcon aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
