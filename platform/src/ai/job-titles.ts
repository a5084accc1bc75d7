/*
 * Which of the short texts around a job's dates is the job title and which the employer.
 * Titles are recognised by their words (broad on purpose: software, healthcare, finance, HR,
 * design, sales, teaching, trades, research, management), employers by legal forms and
 * organisation words. The rest is order: when neither text says what it is, the resume's
 * own order decides ("Title, Company", "Title at Company", "Company | Title" when the first
 * text is a company, two lines).
 */

const TITLE_WORDS = [
  // general and management
  'intern', 'internship', 'trainee', 'apprentice', 'assistant', 'associate', 'manager', 'director', 'head', 'lead',
  'leader', 'chief', 'officer', 'president', 'vice', 'vp', 'ceo', 'cto', 'cfo', 'coo', 'cio', 'founder', 'co-founder',
  'cofounder', 'owner', 'partner', 'principal', 'executive', 'coordinator', 'administrator', 'supervisor', 'specialist',
  'consultant', 'advisor', 'adviser', 'representative', 'agent', 'clerk', 'secretary', 'receptionist', 'member',
  'volunteer', 'fellow', 'staff', 'employee', 'worker', 'freelancer', 'freelance', 'contractor', 'student',
  'ambassador', 'organizer', 'organiser', 'chair', 'chairman', 'treasurer', 'captain', 'operator', 'technician',
  // software and data
  'engineer', 'developer', 'programmer', 'architect', 'devops', 'sre', 'scientist', 'analyst', 'tester', 'qa',
  'administrator', 'admin', 'webmaster', 'designer', 'researcher', 'postdoc', 'phd', 'fullstack', 'full-stack',
  'frontend', 'backend', 'software', 'data', 'sysadmin', 'stack',
  // healthcare
  'nurse', 'rn', 'lpn', 'physician', 'doctor', 'surgeon', 'pharmacist', 'therapist', 'physiotherapist',
  'dentist', 'hygienist', 'paramedic', 'emt', 'caregiver', 'midwife', 'practitioner', 'radiographer',
  'sonographer', 'medical', 'clinical', 'resident', 'psychologist', 'counselor', 'counsellor', 'dietitian',
  'optometrist', 'veterinarian', 'phlebotomist', 'aide',
  // finance and accounting
  'accountant', 'auditor', 'bookkeeper', 'controller', 'comptroller', 'banker', 'teller', 'underwriter',
  'actuary', 'trader', 'broker', 'cashier', 'economist', 'cpa', 'investment', 'financial', 'loan', 'tax',
  // HR
  'recruiter', 'hr', 'talent', 'people', 'payroll', 'generalist', 'hrbp',
  // design and media
  'ux', 'ui', 'illustrator', 'photographer', 'editor', 'writer', 'copywriter', 'journalist', 'artist',
  'animator', 'producer', 'marketer', 'marketing', 'content', 'creative', 'art',
  // sales and service
  'sales', 'salesperson', 'account', 'business', 'merchandiser', 'buyer', 'retail', 'store', 'customer',
  'waiter', 'waitress', 'barista', 'cook', 'chef', 'driver', 'courier',
  // teaching and research
  'teacher', 'tutor', 'lecturer', 'professor', 'instructor', 'educator', 'teaching', 'ta', 'dean', 'librarian', 'faculty',
  'trainer', 'coach', 'mentor', 'scholar', 'postdoctoral',
  // trades, law, other
  'electrician', 'plumber', 'mechanic', 'welder', 'carpenter', 'lawyer', 'attorney', 'paralegal', 'solicitor',
  'barrister', 'notary', 'pilot', 'logistics', 'planner', 'estimator', 'inspector', 'surveyor', 'product',
  'project', 'program', 'programme', 'operations', 'scrum', 'owner',
  // other languages
  'ingénieur', 'ingenieur', 'développeur', 'developpeur', 'chef', 'responsable', 'stagiaire', 'directeur',
  'gérant', 'enseignant', 'infirmier', 'infirmière', 'ingeniero', 'desarrollador', 'gerente', 'jefe',
  'director', 'profesor', 'enfermera', 'enfermero', 'becario', 'entwickler', 'leiter', 'berater', 'praktikant',
  'mitarbeiter', 'werkstudent', 'lehrer', 'geschäftsführer', 'engenheiro', 'desenvolvedor', 'analista',
  'estagiário', 'professor', 'título', 'puesto', 'cargo', 'poste', 'stelle', 'position', 'title', 'role', 'job',
  'enfermeira', 'engenheira', 'desenvolvedora', 'gerente', 'diretora', 'professora', 'coordenadora', 'coordenador',
  'assistente', 'técnico', 'técnica', 'consultora', 'consultor', 'contadora', 'contador', 'ingeniera', 'desarrolladora',
  'jefa', 'chefe', 'auxiliar', 'ingénieure', 'développeuse', 'chargé', 'chargée', 'conseiller', 'conseillère',
  'assistent', 'assistentin', 'referent', 'sachbearbeiter', 'krankenpfleger', 'pflegefachkraft', 'erzieher',
  '实习', '工程师', '经理', '开发', '职位', '总监', '主管', '助理', '实习生', '研究员', '教师',
];

const COMPANY_WORDS = [
  'inc', 'inc.', 'llc', 'ltd', 'ltd.', 'limited', 'gmbh', 'ag', 'sa', 's.a.', 'sas', 'sarl', 'srl', 'bv', 'nv',
  'plc', 'corp', 'corp.', 'corporation', 'company', 'co.', 'group', 'holdings', 'technologies', 'technology',
  'solutions', 'systems', 'labs', 'lab', 'studio', 'studios', 'agency', 'consulting', 'partners', 'associates',
  'bank', 'hospital', 'clinic', 'health', 'healthcare', 'university', 'college', 'school', 'institute',
  'academy', 'foundation', 'council', 'ministry', 'department', 'government', 'society', 'association',
  'universität', 'université', 'universidad', 'universidade', 'hochschule', 'école', 'escuela', 'gmbh',
  'employer', 'empleador', 'arbeitgeber', 'employeur', 'empresa', 'entreprise', 'unternehmen', 'firma',
  'pvt', 'pvt.', 'private', 'services', 'industries', 'enterprises', 'media', 'networks', 'software',
  'robotics', 'analytics', 'ventures', 'capital', 'insurance', 'pharma', 'pharmaceuticals', 'restaurant',
  'store', 'stores', 'market', 'nhs', 'trust', 'centre', 'center', 'medical center',
  'ltda', 'ltda.', 'llp', 'kg', 'escola', 'colégio', 'colegio', 'faculdade', 'gymnasium', 'schule', 'klinikum', 'krankenhaus', '公司', '集团', '大学', '银行', '医院',
];

/** Words that qualify a title but also name organisations and fields ("Gilmore Financial"): never a title's head. */
const MODIFIERS = new Set([
  'software', 'data', 'business', 'customer', 'store', 'retail', 'marketing', 'content', 'creative', 'people',
  'talent', 'tax', 'loan', 'account', 'art', 'product', 'project', 'program', 'programme', 'operations',
  'logistics', 'financial', 'investment', 'medical', 'clinical', 'sales', 'teaching', 'stack', 'fullstack',
  'full-stack', 'frontend', 'backend', 'ux', 'ui', 'hr', 'payroll', 'staff', 'senior', 'junior', 'vice',
]);
const TITLE_SET = new Set(TITLE_WORDS.filter((word) => !MODIFIERS.has(word)));
const COMPOUND_HEADS = ['entwickler', 'ingenieur', 'berater', 'leiter', 'manager', 'student', 'assistent', 'referent', 'techniker', 'pfleger', 'lehrer', 'kaufmann', 'kauffrau', 'designer', 'analyst', 'architekt'];
const TITLE_SUFFIX = /(?:ician|ologist|ographer|ist|eur|euse|ista)$/;
const COMPANY_SET = new Set(
  [...COMPANY_WORDS, 'association', 'society', 'club', 'committee', 'council'].filter(
    (word) => !/^(?:software|health|media|store|market|trust|employer|empleador)$/.test(word),
  ),
);

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[\s,/()&|:;–—-]+/)
    .map((word) => word.replace(/^[^\p{L}\d]+|[^\p{L}\d.]+$/gu, ''))
    .filter((word) => word !== '');

/**
 * Chinese titles: their head words (专家 "expert", 负责人 "person in charge", 首席…官 "chief … officer",
 * 创始人 "founder", and the -师 of 架构师, 设计师, 分析师 at a text's end); employers: their legal
 * and organisation words (有限公司, 科技, 研究院, 工作室).
 */
const CJK_TITLE = /实习|工程师|经理|开发|职位|总监|主管|助理|研究员|教师|专家|负责人|首席|创始人|合伙人|总裁|顾问|专员|科学家|主任|教授|讲师|\p{Script=Han}师$|\p{Script=Han}官$/u;
const CJK_COMPANY = /公司|集团|大学|银行|医院|科技|研究院|研究所|工作室|事务所|学院/;

/** How much a text reads as a job title (0: not at all). */
/**
 * The last of two or more words is the plural of a job word ("traders", "builders", "partners")
 * and the words before it are not job words: a title names one person ("Trader"), a firm its many.
 */
const endsInPluralPeople = (words: readonly string[]): boolean => {
  const last = words.at(-1) ?? '';
  return words.length >= 2 && last.length > 4 && last.endsWith('s') && !last.endsWith('ss') && !TITLE_SET.has(last) && TITLE_SET.has(last.slice(0, -1));
};

export const titleScore = (text: string): number => {
  if (CJK_TITLE.test(text)) return 2;
  const words = wordsOf(text);
  if (words.length === 0 || words.length > 12) return 0;
  const isTitleWord = (word: string) =>
    TITLE_SET.has(word) ||
    TITLE_SET.has(word.replace(/s$/, '')) ||
    (word.length > 6 && TITLE_SUFFIX.test(word)) ||
    // German compounds and feminine forms: "Softwareentwicklerin", "Werkstudentin", "Projektleiter".
    (word.length > 8 && COMPOUND_HEADS.some((head) => word.endsWith(head) || word.endsWith(`${head}in`)));
  const heads = words.filter(isTitleWord).length;
  // Qualifiers alone ("Research Software", "Data") do not make a title.
  if (heads === 0) return 0;
  // "Northwind Traders", "Summit Builders": a name ending in its people, in the plural, is an organisation.
  if (endsInPluralPeople(words) && heads === 1) return 0;
  const hits = heads + 0.5 * words.filter((word) => MODIFIERS.has(word)).length;
  // "Student Association", "Engineering Group": an organisation named after its people or field.
  if (COMPANY_SET.has(words.at(-1) ?? '') || /^(?:association|society|club|team|group|council|committee|chapter)$/.test(words.at(-1) ?? '')) return 0;
  // The head noun of a title comes last ("Certified Public Accountant", "Software Engineer").
  const head = isTitleWord(words.at(-1) ?? '') || isTitleWord(words[0] ?? '') && words.length <= 2 ? 1 : 0;
  return 1 + hits / words.length + head;
};

/** How much a text reads as an organisation's name (0: no sign). */
export const companyScore = (text: string): number => {
  if (CJK_COMPANY.test(text)) return 2;
  const words = wordsOf(text);
  if (words.length === 0 || words.length > 10) return 0;
  let score = words.some((word) => COMPANY_SET.has(word)) || endsInPluralPeople(words) ? 2 : 0;
  if (/[A-Z]{2,}/.test(text) && text !== text.toUpperCase()) score += 0.3; // IBM in "IBM Research"
  if (/!|\.com\b|&/.test(text)) score += 0.3;
  return score;
};

export interface TitleAndCompany {
  readonly title: string;
  readonly company: string;
}

const AT = /^(.+?)\s+(?:at|@|chez|bei|en|na|no|em)\s+(.+)$/i;

/**
 * Title and company from the header texts of one job, in the order the resume prints them
 * (date and place already removed). Each text may still hold both ("Title, Company",
 * "COMPANY — Title", "Title at Company").
 */
export const splitTitleAndCompany = (texts: readonly string[]): TitleAndCompany => {
  const parts: string[] = [];
  for (const text of texts) {
    const at = AT.exec(text);
    if (at && titleScore(at[1] ?? '') > 0) {
      parts.push(at[1] ?? '', at[2] ?? '');
      continue;
    }
    const pieces = text.split(/\s+[|·•—–]\s+|\s+-\s+|\s*[,，]\s*(?=[\p{Lu}\p{Lo}])|\s+\/\s+(?=[A-Z][a-z]+\s+(?:Inc|LLC|Ltd|GmbH|Corp))/u);
    if (pieces.length > 1 && pieces.some((piece) => titleScore(piece) > 0) && pieces.some((piece) => titleScore(piece) === 0 || companyScore(piece) > 0)) {
      parts.push(...pieces);
    } else {
      parts.push(text);
    }
  }
  const candidates = parts
    .map((part) => part.replace(/^[\s,;:|•·–—-]+|[\s,;:|•·–—-]+$/g, '').trim())
    .filter((part) => part !== '' && !/^(?:[A-Z]{2}|USA|UK)$/.test(part));
  if (candidates.length === 0) return { title: '', company: '' };
  if (candidates.length === 1) {
    const only = candidates[0] ?? '';
    // "Senior Accountant ABC Corp": the title ends at its last title word, an organisation follows.
    const words = only.split(/\s+/);
    const lastTitleWord = words.reduce((last, word, index) => (titleScore(word) > 0 || titleScore(`x ${word}`) > 0 ? index : last), -1);
    const tail = words.slice(lastTitleWord + 1).join(' ');
    if (lastTitleWord >= 0 && tail !== '' && /^\p{Lu}/u.test(tail) && companyScore(tail) > 0 && titleScore(tail) === 0) {
      return { title: words.slice(0, lastTitleWord + 1).join(' '), company: tail };
    }
    return titleScore(only) > 0 || companyScore(only) === 0 ? { title: only, company: '' } : { title: '', company: only };
  }
  const scored = candidates.map((text, index) => ({ text, index, title: titleScore(text), company: companyScore(text) }));
  const byTitle = [...scored].sort((a, b) => b.title - b.company * 0.5 - (a.title - a.company * 0.5) || a.index - b.index);
  let title = byTitle[0];
  if (title === undefined || title.title === 0) {
    // Nothing reads as a title: a company-looking text goes to the company, else order decides.
    const companyFirst = [...scored].sort((a, b) => b.company - a.company || a.index - b.index).find((entry) => entry.company > 0);
    title = scored.find((entry) => entry !== companyFirst) ?? scored[0];
  }
  const others = scored.filter((entry) => entry !== title);
  const company = [...others].sort((a, b) => b.company - a.company || a.index - b.index)[0];
  // An organisation's name wrapped over two lines: "BVPCOE Electronics and Telecommunication" /
  // "Student Association" — the line before the one ending in an organisation word, if it has none.
  const wrapped = company === undefined ? undefined : others.find((entry) => entry.index === company.index - 1);
  if (
    company !== undefined &&
    wrapped !== undefined &&
    texts.includes(company.text) &&
    texts.includes(wrapped.text) &&
    wrapped.title === 0 &&
    wrapped.company < 1 &&
    COMPANY_SET.has(wordsOf(company.text).at(-1) ?? '') &&
    /^\p{Lu}/u.test(company.text)
  ) {
    return { title: title?.text ?? '', company: `${wrapped.text} ${company.text}` };
  }
  return { title: title?.text ?? '', company: company?.text ?? '' };
};
