import {
  contactLines,
  educationBlock,
  heading,
  jobBlock,
  skillsLines,
  type ResumeModel,
  variantOf,
} from './model';

/**
 * A resume as a list of blocks in reading order, which each layout places on its page in its
 * own way (one column, a sidebar, table cells, text boxes, PDF coordinates).
 */
export type Block =
  | { readonly kind: 'name'; readonly text: string }
  | { readonly kind: 'headline'; readonly text: string }
  | { readonly kind: 'contact'; readonly text: string }
  | { readonly kind: 'heading'; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'bullet'; readonly text: string }
  | {
      readonly kind: 'job';
      readonly lines: readonly string[];
      readonly dates: string;
      readonly datesOnOwnLine: boolean;
      readonly bullets: readonly string[];
    }
  | {
      readonly kind: 'entry';
      readonly lines: readonly string[];
      readonly years: string;
      readonly withoutYears: readonly string[];
    };

export type Section =
  | 'summary'
  | 'experience'
  | 'education'
  | 'skills'
  | 'certifications'
  | 'languages'
  | 'personal'
  | 'references';

export const topBlocks = (model: ResumeModel, options: { contact: boolean }): Block[] => {
  // "Name: …" forms sit under a document title, as in many Indian and European CVs.
  const blocks: Block[] =
    model.nameShape === 'label'
      ? [
          { kind: 'name', text: variantOf(model, 'cv-title', 2) === 0 ? 'CURRICULUM VITAE' : 'Resume' },
          { kind: 'contact', text: model.printedName },
        ]
      : [{ kind: 'name', text: model.printedName }];
  if (model.headline) blocks.push({ kind: 'headline', text: model.headline });
  // A comma list under the headline, which a reader must not take for a location.
  if (model.topList) blocks.push({ kind: 'headline', text: model.topList });
  if (options.contact) for (const text of contactLines(model)) blocks.push({ kind: 'contact', text });
  return blocks;
};

/** The sections in the order this resume writes them. */
export const sectionOrder = (model: ResumeModel): Section[] => {
  const skillsEarly = variantOf(model, 'skills-early', 3) === 0;
  const educationFirst = variantOf(model, 'education-first', 5) === 0;
  const order: Section[] = ['summary'];
  if (skillsEarly) order.push('skills');
  order.push(...(educationFirst ? (['education', 'experience'] as const) : (['experience', 'education'] as const)));
  if (!skillsEarly) order.push('skills');
  order.push('certifications', 'languages', 'personal', 'references');
  return order;
};

export const sectionBlocks = (model: ResumeModel, section: Section): Block[] => {
  const h = (text: string): Block => ({ kind: 'heading', text: heading(model, text) });
  switch (section) {
    case 'summary':
      return model.summary ? [h(model.headings.summary), { kind: 'paragraph', text: model.summary }] : [];
    case 'experience':
      return [
        h(model.headings.experience),
        ...model.jobs.map((job): Block => {
          const block = jobBlock(model, job);
          return {
            kind: 'job',
            lines: block.lines,
            dates: block.dates,
            datesOnOwnLine: model.datesOnOwnLine,
            bullets: job.bullets,
          };
        }),
      ];
    case 'education':
      return [
        h(model.headings.education),
        ...model.education.map((entry): Block => ({ kind: 'entry', ...educationBlock(model, entry) })),
      ];
    case 'skills':
      return [
        h(model.headings.skills),
        ...skillsLines(model).map((text): Block =>
          model.skillsStyle === 'bullets' ? { kind: 'bullet', text } : { kind: 'paragraph', text },
        ),
      ];
    case 'certifications':
      return model.certifications
        ? [h(model.headings.certifications), ...model.certifications.map((text): Block => ({ kind: 'bullet', text }))]
        : [];
    case 'languages':
      return model.languages
        ? [h(model.headings.languages), ...model.languages.map((text): Block => ({ kind: 'paragraph', text }))]
        : [];
    case 'personal':
      return model.personalDetails
        ? [h(model.headings.personal), ...model.personalDetails.map((text): Block => ({ kind: 'paragraph', text }))]
        : [];
    case 'references':
      return model.references ? [{ kind: 'paragraph', text: model.references }] : [];
  }
};

export const blocksFor = (model: ResumeModel, sections: readonly Section[]): Block[] =>
  sections.flatMap((section) => sectionBlocks(model, section));
