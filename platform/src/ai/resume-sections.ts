/*
 * Section headings of resumes in English, French, Spanish, German, Portuguese and Chinese.
 * A heading is a short line (or the first " | " field of a line, when a margin heading shares
 * its row with the text beside it) that, once icons, bullets, numbering and punctuation are
 * gone, is one of these phrases.
 */

export type Section =
  | 'summary'
  | 'experience'
  | 'education'
  | 'skills'
  | 'projects'
  | 'certifications'
  | 'languages'
  | 'contact'
  | 'other';

const PHRASES: Record<Section, readonly string[]> = {
  summary: [
    'summary', 'professional summary', 'career summary', 'executive summary', 'profile', 'professional profile',
    'personal profile', 'objective', 'career objective', 'about', 'about me', 'overview', 'introduction', 'status',
    'résumé', 'profil', 'à propos', 'a propos', 'perfil', 'resumen', 'sobre mí', 'sobre mim', 'objetivo', 'kurzprofil',
    'profil', 'über mich', 'zusammenfassung', '个人简介', '自我评价', '个人总结', '简介', '求职意向',
  ],
  experience: [
    'experience', 'experiences', 'work experience', 'professional experience', 'employment', 'employment history',
    'work history', 'career history', 'relevant experience', 'industry experience', 'career', 'positions',
    'professional background', 'work', 'experience and employment', 'vocational', 'additional experience',
    'on campus involvement', 'internships', 'internship', 'internship experience', 'military experience',
    'teaching experience', 'research experience', 'research projects', 'research positions', 'academic experience', 'clinical experience', 'leadership experience', 'volunteer experience',
    'expérience', 'expériences', 'expérience professionnelle', 'expériences professionnelles', 'parcours professionnel',
    'vocacional', 'experiencia', 'experiencia laboral', 'experiencia profesional', 'experiência', 'experiência profissional',
    'berufserfahrung', 'erfahrung', 'beruflicher werdegang', 'werdegang', 'praxiserfahrung', 'berufliche erfahrung',
    'appointments', 'professional appointments', 'academic appointments', 'academic positions', 'berufstätigkeit',
    'berufspraxis', 'опыт работы', 'опыт', 'профессиональный опыт', 'трудовая деятельность',
    '工作经历', '工作经验', '实习经历', '实习经验', '实习/项目经历', '实习 / 项目经历', '工作背景', '职业经历', '科研经历',
  ],
  education: [
    'education', 'education and training', 'academic background', 'academic qualifications', 'qualifications',
    'educational background', 'education background', 'academics', 'academic credentials', 'basic academic credentials', 'studies',
    'formation', 'formations', 'éducation', 'études', 'diplômes', 'parcours académique', 'formación',
    'formación académica', 'educación', 'estudios', 'formação', 'formação acadêmica', 'educação', 'ausbildung',
    'bildung', 'bildungsweg', 'studium', 'akademischer werdegang', 'образование', '教育背景', '教育经历', '学历', '教育',
  ],
  skills: [
    'skills', 'technical skills', 'key skills', 'core skills', 'skills and abilities', 'skills & abilities',
    'areas of expertise', 'expertise', 'core competencies', 'competencies', 'technologies', 'technical proficiencies',
    'tools', 'tech stack', 'it skills', 'computer skills', 'programming skills', 'skill set', 'skillset',
    'strengths', 'fields', 'abilities', 'proficiencies', 'programming expertise', 'technical expertise',
    'compétences', 'compétences techniques', 'savoir-faire', 'habilidades', 'competencias', 'aptitudes',
    'conocimientos', 'competências', 'kenntnisse', 'fähigkeiten', 'kompetenzen', 'fachkenntnisse',
    'it-kenntnisse', 'sonstige kenntnisse', 'навыки', 'ключевые навыки', 'технические навыки', '技能', '专业技能', 'it 技能', '技术技能', '个人技能', '技能特长', '专业能力', '核心技能',
  ],
  projects: [
    'projects', 'project', 'personal projects', 'academic projects', 'selected projects', 'key projects',
    'projets', 'proyectos', 'projetos', 'projekte', 'private projekte', 'проекты', '项目', '项目经验', '项目经历', '科研项目',
  ],
  certifications: [
    'certifications', 'certification', 'certificates', 'licenses', 'licenses and certifications',
    'licenses & certifications', 'certificats', 'certificaciones', 'certificações', 'zertifikate', 'zusatzqualifikationen', 'сертификаты', '证书', '资格证书',
  ],
  languages: ['languages', 'language', 'langues', 'idiomas', 'sprachen', 'sprachkenntnisse', 'lenguas', 'языки', '语言', '语言能力'],
  contact: ['contact', 'contact information', 'contact details', 'personal details', 'personal information', 'kontakt', 'coordonnées', 'contacto', 'contato',
    'informations personnelles', 'datos personales', 'dados pessoais', 'persönliche daten', 'контакты', '联系方式', '个人信息', '基本信息'],
  other: [
    'honors', 'honours', 'honors and awards', 'honors & awards', 'awards', 'achievements', 'accomplishments',
    'publications', 'selected publications', 'papers', 'interests', 'hobbies', 'references', 'top skills', 'recognition',
    'extracurricular activities', 'activities', 'volunteering', 'memberships',
    'affiliations', 'presentations', 'talks', 'patents', 'courses', 'coursework', 'relevant coursework',
    'a day of my life', 'my life philosophy', 'most proud of', 'declaration', 'miscellaneous',
    'master thesis', 'extra-curricular activities', 'additional information',
    // Words a skills list may hold on a line of their own ("Mentoring", "Service") stay out: they would end the list.
    'grants', 'grants awarded', 'fellowships', 'grants and fellowships', 'invited talks', 'публикации', 'достижения', 'хобби', 'публичные выступления', 'курсы', 'онлайн курсы',
    'loisirs', "centres d'intérêt", 'intérêts', 'divers', 'distinctions', 'publicaciones', 'intereses', 'premios',
    'interesses', 'prêmios', 'hobbys', 'interessen', 'auszeichnungen', 'veröffentlichungen', 'sonstiges',
    '获奖情况', '其他', '兴趣爱好', '荣誉', '毕业论文', '荣誉证书', '荣誉奖项', '获奖经历', '校园经历', '公开成果', '发表论文', '论文发表', 'strength', 'cover letter',
  ],
};

/**
 * A heading's words: icons, bullets and a final colon gone, and its number too, however written:
 * "2. Experience", "IV. Education", "[2] 实习经历", "(3) Skills", "二、工作经历", "03 教育背景", "【项目经历】".
 */
const normaliseHeading = (text: string): string =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\p{Co}\p{So}•▪◦·*#>_]/gu, ' ')
    // An icon font's glyph read as a lone accented letter ("œ 教育经历", "ż Skills"): one character, then a space.
    .replace(/^\s*[^\p{ASCII}\p{Script=Han}\p{Script=Cyrillic}]\s+(?=\S)/u, '')
    .replace(/^\s*(?:\d+\.?|[ivx]+\.)\s+/, '')
    .replace(/^\s*(?:[[(（【]\s*\d{1,2}\s*[\])）】]|\d{1,2}\s*[、.．]|[一二三四五六七八九十]{1,2}\s*[、.．])\s*/u, '')
    .replace(/^\s*\d{1,2}\s+(?=\p{Script=Han})/u, '')
    .replace(/^[【[]\s*(.+?)\s*[】\]]$/u, '$1')
    .replace(/[:：.]+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();

const BY_PHRASE = new Map<string, Section>(
  (Object.entries(PHRASES) as [Section, readonly string[]][]).flatMap(([section, phrases]) =>
    phrases.map((phrase) => [phrase, section] as const),
  ),
);

/**
 * The heading in the other grammatical number, for English phrases listed in one only:
 * "Extracurricular Activity" → "extracurricular activities", "Publication" → "publications",
 * "Work Experiences" → "work experience".
 */
const otherNumber = (text: string): string[] => {
  if (!/^[a-z][a-z -]*$/.test(text)) return [];
  if (/ies$/.test(text)) return [text.replace(/ies$/, 'y')];
  if (/[^s]s$/.test(text)) return [text.slice(0, -1)];
  if (/[^aeiou]y$/.test(text)) return [text.replace(/y$/, 'ies')];
  return [`${text}s`];
};

/** "Previous Experience", "Prior Employment", "Other Skills": a listed heading after a word that only qualifies it. */
const QUALIFIER = /^(?:previous|prior|past|recent|other|further|earlier|selected|professional|relevant|additional|key|main|notable|избранные|другие)\s+/;

const sectionOfText = (text: string): Section | undefined => {
  if (text.length === 0 || text.length > 45 || /\d{3}/.test(text)) return undefined;
  return (
    BY_PHRASE.get(text) ??
    BY_PHRASE.get(text.replace(/\s*(?:&|\/)\s*/g, ' and ')) ??
    // The first of two joined headings, "and" in any of the languages above: "Formação e Cursos", "Проекты и публикации".
    BY_PHRASE.get(text.split(/\s*(?:&|\/|\band\b)\s*|\s+(?:und|et|y|e|и)\s+/)[0] ?? '') ??
    // "Leadership & Activities": the last of the joined words when the first is no heading.
    // Two single words only: "Big Data Systems and Technologies" in a course list stays text.
    (/^[\p{L}-]+\s*(?:&|\/|\band\b)\s*[\p{L}-]+$/u.test(text) ? BY_PHRASE.get(text.split(/\s*(?:&|\/|\band\b)\s*/).at(-1) ?? '') : undefined) ??
    BY_PHRASE.get(text.replace(/\s/g, '')) ??
    (QUALIFIER.test(text) ? sectionOfText(text.replace(QUALIFIER, '')) : undefined) ??
    otherNumber(text).map((variant) => BY_PHRASE.get(variant)).find((found) => found !== undefined) ??
    // German names a kind of knowledge by a compound: "EDV-Kenntnisse", "Maschinenbau-Kenntnisse", "Programmierkompetenz".
    (/^\p{L}{2,}-?(?:kenntnisse|kompetenz|kompetenzen)$/u.test(text) ? 'skills' : undefined)
  );
};

/** Chinese headings of four characters or more, longest first, for a heading run into its row's text. */
const HAN_HEADINGS = [...BY_PHRASE.keys()]
  .filter((phrase) => /^\p{Script=Han}{4,}$/u.test(phrase))
  .sort((a, b) => b.length - a.length);

/** The section a heading line opens, and any text that shares its row. */
export const headingOf = (line: string): { section: Section; rest: string } | undefined => {
  const [first = '', ...others] = line.split(' | ');
  const text = normaliseHeading(first);
  const section = sectionOfText(text);
  if (section !== undefined) return { section, rest: others.join(' | ') };
  // A word set before every heading as decoration: "SECTION | 实习经历", "Part | Education".
  if (others.length === 1 && /^(?:section|part|chapter|module|部分|模块)$/iu.test(first.trim())) {
    const second = sectionOfText(normaliseHeading(others[0] ?? ''));
    if (second !== undefined) return { section: second, rest: '' };
  }
  // A Chinese heading in a margin, read on one row with the entry beside it: "教育背景北京理工大学 · 机器人工程".
  // Only before an entry's row (a date, or fields set apart), not a sentence that opens with the same words ("工作经验丰富，…").
  const glued = HAN_HEADINGS.find(
    (phrase) => text.startsWith(phrase) && /^\p{Script=Han}/u.test(text.slice(phrase.length)) && /(?:19|20)\d{2}|\s[·|]\s/.test(line),
  );
  if (glued !== undefined) {
    const at = line.indexOf(glued) + glued.length;
    return { section: BY_PHRASE.get(glued) as Section, rest: line.slice(at).trim() };
  }
  return undefined;
};
