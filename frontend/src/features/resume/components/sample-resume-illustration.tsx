import { SAMPLE_RESUME } from '../lib/sample-resume';

const INK = 'oklch(0.21 0.034 265)';
const MUTED = 'oklch(0.5 0.03 265)';
const LINE = 'oklch(0.87 0.015 265)';
const ACCENT = 'oklch(0.51 0.23 277)';

/** Grey bars standing for lines of body text. */
function TextLines({ x, y, widths }: { x: number; y: number; widths: number[] }) {
  return (
    <>
      {widths.map((width, index) => (
        <rect key={index} x={x} y={y + index * 9} width={width} height={4} rx={2} fill={LINE} />
      ))}
    </>
  );
}

function SectionTitle({ x, y, width, children }: { x: number; y: number; width: number; children: string }) {
  return (
    <>
      <text x={x} y={y} fontSize={9} fontWeight={700} fill={ACCENT} letterSpacing={1}>
        {children}
      </text>
      <rect x={x} y={y + 4} width={width} height={1} fill={ACCENT} opacity={0.35} />
    </>
  );
}

/**
 * The demo's sample resume, drawn for this product: a one-page, two-column resume of the
 * fictional person whose extraction the demo shows ({@link SAMPLE_RESUME}).
 */
export function SampleResumeIllustration({ className }: { className?: string }) {
  const { personalInfo, experience, education, skills } = SAMPLE_RESUME;
  const [latestJob, earlierJob] = experience;
  const degree = education[0];
  return (
    <svg
      viewBox="0 0 340 440"
      role="img"
      aria-label={`Sample resume of ${personalInfo.name}, ${latestJob?.title ?? ''}`}
      className={className}
      fontFamily="ui-sans-serif, system-ui, sans-serif"
    >
      <rect x={4} y={6} width={332} height={430} rx={6} fill="oklch(0.8 0.02 265)" opacity={0.35} />
      <rect x={0} y={0} width={332} height={430} rx={6} fill="white" stroke={LINE} />
      <rect x={0} y={0} width={332} height={74} rx={6} fill="oklch(0.94 0.03 277)" />
      <rect x={0} y={68} width={332} height={6} fill="oklch(0.94 0.03 277)" />
      <circle cx={44} cy={37} r={22} fill={ACCENT} opacity={0.85} />
      <text x={44} y={42} textAnchor="middle" fontSize={15} fontWeight={700} fill="white">
        MO
      </text>
      <text x={78} y={33} fontSize={17} fontWeight={700} fill={INK}>
        {personalInfo.name}
      </text>
      <text x={78} y={50} fontSize={10} fill={MUTED}>
        {latestJob?.title}
      </text>

      {/* Left column: contact and skills. */}
      <rect x={0} y={74} width={112} height={356} fill="oklch(0.985 0.002 247)" />
      <SectionTitle x={12} y={96} width={88}>
        CONTACT
      </SectionTitle>
      <text x={12} y={116} fontSize={6.5} fill={INK}>
        {personalInfo.email}
      </text>
      <text x={12} y={128} fontSize={6.5} fill={INK}>
        {personalInfo.phone}
      </text>
      <text x={12} y={140} fontSize={6.5} fill={INK}>
        {personalInfo.location}
      </text>
      <SectionTitle x={12} y={166} width={88}>
        SKILLS
      </SectionTitle>
      {skills.technical.map((skill, index) => (
        <g key={skill}>
          <rect x={12} y={178 + index * 15} width={88} height={11} rx={5.5} fill="oklch(0.955 0.01 265)" />
          <text x={18} y={186 + index * 15} fontSize={6.5} fill={INK}>
            {skill}
          </text>
        </g>
      ))}
      <SectionTitle x={12} y={302} width={88}>
        STRENGTHS
      </SectionTitle>
      {skills.soft.map((skill, index) => (
        <text key={skill} x={12} y={320 + index * 12} fontSize={6.5} fill={INK}>
          • {skill}
        </text>
      ))}

      {/* Right column: summary, experience, education. */}
      <SectionTitle x={126} y={96} width={192}>
        SUMMARY
      </SectionTitle>
      <TextLines x={126} y={108} widths={[190, 182, 194, 120]} />
      <SectionTitle x={126} y={158} width={192}>
        EXPERIENCE
      </SectionTitle>
      {[latestJob, earlierJob].map((job, index) =>
        job ? (
          <g key={job.company}>
            <text x={126} y={178 + index * 78} fontSize={8} fontWeight={700} fill={INK}>
              {job.title}
            </text>
            <text x={126} y={189 + index * 78} fontSize={6.5} fill={MUTED}>
              {job.company} · {job.duration}
            </text>
            <TextLines x={126} y={197 + index * 78} widths={[188, 176, 192, 140]} />
          </g>
        ) : null,
      )}
      <SectionTitle x={126} y={340} width={192}>
        EDUCATION
      </SectionTitle>
      <text x={126} y={360} fontSize={8} fontWeight={700} fill={INK}>
        {degree?.degree}
      </text>
      <text x={126} y={371} fontSize={6.5} fill={MUTED}>
        {degree?.institution} · {degree?.year}
      </text>
      <TextLines x={126} y={384} widths={[170, 150]} />
    </svg>
  );
}
