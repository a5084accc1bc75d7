import { describe, expect, it } from 'vitest';
import { splitTitleAndCompany } from './job-titles';
import { extractResumeLocally } from './local';
import { findDateSpan, isDateLine, monthNumber } from './resume-dates';
import { findEmail, findLocation, withoutTrailingPlace } from './resume-contact';
import { headingOf } from './resume-sections';

/*
 * The shapes issue 21 names (resumes nobody tuned for), written here as short texts, so each
 * rule of ADR 047 is checked on its own. The real files are measured by `npm run eval:resumes`.
 */
const NOW = new Date('2026-11-23T12:00:00Z');
const month = (text: string) => monthNumber(text, NOW);

describe('dates and ranges', () => {
  it('reads ranges with and without a dash, numeric months, "present" and two-digit years', () => {
    expect(findDateSpan('Sep. 2023 Mar. 2024')).toMatchObject({ start: 'Sep. 2023', end: 'Mar. 2024', kind: 'range' });
    expect(findDateSpan('03/2019 – present')).toMatchObject({ start: '03/2019', end: 'present' });
    expect(findDateSpan('Infosys | Senior Software Engineer | 2015 - 2017')).toMatchObject({ start: '2015', end: '2017' });
    expect(findDateSpan('May-August 2014')).toMatchObject({ start: 'May', end: 'August 2014' });
    expect(findDateSpan('DevOps engineer | Jan 15 - Sep 15')).toMatchObject({ start: 'Jan 15', end: 'Sep 15' });
    expect(findDateSpan('since January 2016')).toMatchObject({ start: 'January 2016', end: 'present', kind: 'since' });
    expect(findDateSpan('黑科技公司 | 2015 年 3 月 – 2015 年 5 月')).toMatchObject({ start: '2015 年 3 月', end: '2015 年 5 月' });
    expect(findDateSpan('janvier 2019 - mars 2021')).toMatchObject({ start: 'janvier 2019', end: 'mars 2021' });
  });

  it('takes a date alone on its line, or at a line edge, as a date line but not a year inside a sentence', () => {
    expect(isDateLine('Summer 2012 and 2013')).toBe(true);
    expect(isDateLine('2016 / 09')).toBe(true);
    expect(findDateSpan('Getoq Consulting, 2011 / 11')).toMatchObject({ start: '2011 / 11', kind: 'single' });
    expect(findDateSpan('Built the 2019 release of the app')).toBeUndefined();
  });

  it('reads ISO year-months inside a range ("2023-08 to present") but not "2012-13" alone', () => {
    expect(findDateSpan('HR Business Partner, Bluepeak Services LLC, 2023-08 to present')).toMatchObject({ start: '2023-08', end: 'present' });
    expect(findDateSpan('2021-01 – 2023-06')).toMatchObject({ start: '2021-01', end: '2023-06' });
    expect(findDateSpan('2015-2017')).toMatchObject({ start: '2015', end: '2017' });
    expect(findDateSpan('MSc Physics 2012-13')).toBeUndefined();
    expect(month('2023-08')).toBe(2023 * 12 + 7);
  });

  it('turns dates into months in several languages', () => {
    expect(month('März 2020')).toBe(2020 * 12 + 2);
    expect(month('Sept. 2000')).toBe(2000 * 12 + 8);
    expect(month('2016/09')).toBe(2016 * 12 + 8);
    expect(month('Current')).toBe(2026 * 12 + 10);
  });
});

describe('section headings', () => {
  it('knows headings in English, French, Spanish, German, Portuguese and Chinese', () => {
    expect(headingOf('WORK EXPERIENCE')?.section).toBe('experience');
    expect(headingOf('Expériences professionnelles')?.section).toBe('experience');
    expect(headingOf('Experiencia laboral')?.section).toBe('experience');
    expect(headingOf('Berufserfahrung')?.section).toBe('experience');
    expect(headingOf('Formação Acadêmica')?.section).toBe('education');
    expect(headingOf('教育背景')?.section).toBe('education');
    expect(headingOf('Compétences')?.section).toBe('skills');
    expect(headingOf('Honors/Awards')?.section).toBe('other');
    expect(headingOf('Volunteer')).toBeUndefined();
  });
});

describe('title and company', () => {
  it.each([
    [['Staff Platform Engineer, Larkspur Robotics'], 'Staff Platform Engineer', 'Larkspur Robotics'],
    [['Nurse Manager at St. Mary Hospital'], 'Nurse Manager', 'St. Mary Hospital'],
    [['FACEBOOK | SOFTWARE ENGINEER'], 'SOFTWARE ENGINEER', 'FACEBOOK'],
    [['ACME LTD — Payroll Specialist'], 'Payroll Specialist', 'ACME LTD'],
    [['Gilmore Financial, New Orleans, LA, Certified Public Accountant'], 'Certified Public Accountant', 'Gilmore Financial'],
    [['Senior Python Developer / Backend Architect', 'Sweet Oranges Technology Company'], 'Senior Python Developer / Backend Architect', 'Sweet Oranges Technology Company'],
    [['Springfield Elementary School', 'Third Grade Teacher'], 'Third Grade Teacher', 'Springfield Elementary School'],
    [['Financial Accountant', 'Lumen Asset Management Ltda.'], 'Financial Accountant', 'Lumen Asset Management Ltda.'],
    [['Escola Estadual Jardim das Mangueiras', 'Head of Mathematics'], 'Head of Mathematics', 'Escola Estadual Jardim das Mangueiras'],
  ])('splits %j', (texts, title, company) => {
    expect(splitTitleAndCompany(texts)).toEqual({ title, company });
  });

  it('takes the employer from the paragraph after a blank line when the date line names only the job (Word spacing)', () => {
    const text = [
      'Priya Raman', 'priya@example.com', '', 'Experience', '',
      'Senior Account Manager | 06/2023 – present', '', 'Greenline Foods Ltd., Kochi', '',
      'Managed 35 key accounts with a 96% renewal rate.', '',
      'Financial Accountant Jan 2019 - May 2023', '', 'Lumen Asset Management Ltda.', '',
      'Closed the books monthly for three entities.',
    ].join('\n');
    const resume = extractResumeLocally(text, NOW);
    expect(resume.experience.map((job) => [job.title, job.company])).toEqual([
      ['Senior Account Manager', 'Greenline Foods Ltd.'],
      ['Financial Accountant', 'Lumen Asset Management Ltda.'],
    ]);
  });
});

describe('a whole resume', () => {
  it('reads a UK nurse with her jobs newest first, a UK phone and healthcare skills, and no surname as a skill', () => {
    const text = [
      'SARAH M. JENKINS, RN',
      'Registered Nurse',
      'sarah.jenkins@example.co.uk | +44 7700 900461 | Leeds, United Kingdom',
      '',
      'Experience',
      'Staff Nurse, Leeds General Infirmary',
      'Sep. 2019 Mar. 2024',
      '• Cared for 12 patients per shift on a telemetry ward',
      'Charge Nurse | St James Hospital | 03/2024 – present',
      '• Led a team of 8 nurses; documented care in Epic',
      '',
      'Education',
      'University of Leeds | BSc Nursing | 2015 - 2019',
      '',
      'Skills',
      'Epic, Cerner, HIPAA, Patient Care, BLS, Jenkins',
    ].join('\n');

    const resume = extractResumeLocally(text, NOW);

    expect(resume.personalInfo).toMatchObject({
      name: 'Sarah M. Jenkins',
      email: 'sarah.jenkins@example.co.uk',
      phone: '+44 7700 900461',
      location: 'Leeds, United Kingdom',
    });
    expect(resume.experience.map((job) => [job.title, job.company])).toEqual([
      ['Charge Nurse', 'St James Hospital'],
      ['Staff Nurse', 'Leeds General Infirmary'],
    ]);
    expect(resume.education).toHaveLength(1);
    expect(resume.skills.technical).toEqual(expect.arrayContaining(['Epic', 'Cerner', 'HIPAA', 'Patient Care', 'BLS']));
    expect(resume.skills.technical).not.toContain('Jenkins');
  });

  it('cuts an email where the next field starts, reads a Korean phone and a "Name:" label, and no place from a comma list', () => {
    const text = [
      'Name: Min-jun kim',
      'Email: minjun.kim@gmail.comLocation: Seoul, South Korea',
      'Phone: (+82) 10-9030-1843',
      'Industries: Banking, Telecom, Retail',
      'Tools: Figma, Framer, Lottie',
      '',
      'Work Experience',
      'Product Designer at Kakao | 2021 - Present',
    ].join('\n');

    const resume = extractResumeLocally(text, NOW);

    expect(resume.personalInfo.email).toBe('minjun.kim@gmail.com');
    expect(resume.personalInfo.phone).toBe('(+82) 10-9030-1843');
    expect(resume.personalInfo.name).toBe('Min-jun kim');
    expect(resume.personalInfo.location).toBe('Seoul, South Korea');
    expect(resume.experience[0]).toMatchObject({ title: 'Product Designer', company: 'Kakao' });
    expect(resume.skills.technical).toEqual(expect.arrayContaining(['Figma', 'Framer', 'Lottie']));
  });

  it('does not take a name from a Languages box', () => {
    const text = ['Languages', 'English Native', 'German Fluent', '', 'Priya Raman', 'priya.raman@example.in', 'Bengaluru, India'].join('\n');

    expect(extractResumeLocally(text, NOW).personalInfo.name).toBe('Priya Raman');
  });

  it.each([
    [
      'a German developer, dates on their own line, a feminine compound title and a city after the company',
      [
        'Lena Schmidt',
        'lena.schmidt@web.de · +49 30 1234567 · Berlin, Deutschland',
        '',
        'Berufserfahrung',
        '03/2019 – heute',
        'Softwareentwicklerin, Siemens AG, München',
        'Entwicklung von Microservices in Go',
        '01/2016 – 02/2019',
        'Werkstudentin, SAP SE, Walldorf',
      ],
      { phone: '+49 30 1234567', location: 'Berlin, Deutschland' },
      [['Softwareentwicklerin', 'Siemens AG'], ['Werkstudentin', 'SAP SE']],
    ],
    [
      'a Brazilian nurse, "Company — Title" above Portuguese dates',
      [
        'Ana Souza',
        'Enfermeira | ana.souza@gmail.com | +55 11 91234-5678 | São Paulo, SP, Brasil',
        '',
        'Experiência Profissional',
        'Hospital Sírio-Libanês — Enfermeira Chefe',
        'Jan 2020 - Atual',
        'Hospital das Clínicas — Enfermeira',
        'Fev 2015 - Dez 2019',
      ],
      { phone: '+55 11 91234-5678', location: 'São Paulo, SP, Brasil' },
      [['Enfermeira Chefe', 'Hospital Sírio-Libanês'], ['Enfermeira', 'Hospital das Clínicas']],
    ],
    [
      'a UK recruiter, title then "Company, City" then dates',
      [
        "JAMES O'CONNOR",
        'Senior Recruiter',
        'London, UK | 020 7946 0958 | james.oconnor@outlook.com',
        '',
        'PROFESSIONAL EXPERIENCE',
        'Recruitment Consultant',
        'Hays plc, Manchester',
        '2014 – 2018',
        '',
        'Senior Recruiter',
        'Barclays, London',
        'June 2018 – Present',
      ],
      { phone: '020 7946 0958', location: 'London, UK' },
      [['Senior Recruiter', 'Barclays'], ['Recruitment Consultant', 'Hays plc']],
    ],
    [
      'a US accountant whose Word lines run title, company and dates together',
      [
        'Maria Garcia',
        'maria.garcia@example.com',
        '(555) 123-4567',
        'Austin, TX',
        '',
        'WORK HISTORY',
        'Senior Accountant ABC Corp Jan 2018 - Present',
        'Prepared monthly closes and reconciliations.',
        'Staff Accountant XYZ LLC 01.2015 - 12.2017',
      ],
      { name: 'Maria Garcia', phone: '(555) 123-4567', location: 'Austin, TX' },
      [['Senior Accountant', 'ABC Corp'], ['Staff Accountant', 'XYZ LLC']],
    ],
    [
      'a teacher with a degree after her name and "School, City, ST" above "Title, dates"',
      [
        'Emily Johnson, M.Ed.',
        'Third Grade Teacher',
        'emily.johnson@school.org • 617-555-0143 • Boston, MA',
        '',
        'TEACHING EXPERIENCE',
        'Lincoln Elementary School, Boston, MA',
        'Third Grade Teacher, 2016–Present',
        '- Designed differentiated instruction for 25 students',
        'Roosevelt Middle School, Cambridge, MA',
        'Student Teacher, Spring 2015',
      ],
      { name: 'Emily Johnson', location: 'Boston, MA' },
      [['Third Grade Teacher', 'Lincoln Elementary School'], ['Student Teacher', 'Roosevelt Middle School']],
    ],
  ])('reads %s', (_, lines, contact, jobs) => {
    const resume = extractResumeLocally(lines.join('\n'), NOW);

    expect(resume.personalInfo).toMatchObject(contact);
    expect(resume.experience.map((job) => [job.title, job.company])).toEqual(jobs);
  });
});

describe('location shapes', () => {
  const noSkill = () => false;
  it.each([
    [['São Paulo, SP'], 'São Paulo, SP'],
    [['Hyderabad, Telangana | (+91) 98765 42123 | rohan@example.net'], 'Hyderabad, Telangana'],
    [['Düsseldorf, NRW'], 'Düsseldorf, NRW'],
    [['Raleigh, North Carolina'], 'Raleigh, North Carolina'],
    [['Flat 2, 38 Alder Street, Leeds, West Yorkshire'], 'Leeds, West Yorkshire'],
    [['Toronto, ON M5V 2T6'], 'Toronto, ON'],
    [['Address: Am Rosengarten 4, Köln, Nordrhein-Westfalen'], 'Köln, Nordrhein-Westfalen'],
  ])('reads "City, Region" of the US, India, Brazil, Germany, the UK and Canada: %j', (lines, expected) => {
    expect(findLocation(lines, noSkill)).toBe(expected);
  });

  it.each([
    [['Email: d@example.com Phone: (312) 555-0123 Location: Austin, TX'], 'Austin, TX'],
    [['ananya@example.com 098765 40843 Flat 402, Lakshmi Residency, 5th Cross, Bengaluru, Karnataka'], 'Bengaluru, Karnataka'],
    [['Kochi, Kerala+91 98765 46575ananya.i@example.orghttps://ananya.example.com'], 'Kochi, Kerala'],
    [['lakshmi@example.org 9876547898 Chennai, Tamil Nadu https://lakshmi.example.com'], 'Chennai, Tamil Nadu'],
    [['h.f@example.org +44 7700 900136 Edinburgh, Scotland'], 'Edinburgh, Scotland'],
    [['Rua das Acácias, 210, Rio de Janeiro, RJ'], 'Rio de Janeiro, RJ'],
    [['MAXIMILIAN SCHÄFER', 'Hamburg', '0151 2345 8695'], 'Hamburg'],
  ])('finds the place among fields a Word file runs together, with "de"/"am" inside a name, or a large city alone: %j', (lines, expected) => {
    expect(findLocation(lines, noSkill)).toBe(expected);
  });

  it('cuts a city after a Brazilian or British company suffix, not the suffix', () => {
    expect(withoutTrailingPlace('Northgate Bank Ltda., Florianópolis')).toBe('Northgate Bank Ltda.');
    expect(withoutTrailingPlace('Larkspur Robotics plc, Leeds, West Yorkshire')).toBe('Larkspur Robotics plc');
  });

  it('reads a name with a hyphenated credential after it ("PA-C") and does not take the credential for a state', () => {
    const resume = extractResumeLocally(['Ana Luíza dos Santos, MPAS, PA-C', 'Recife, PE', 'ana@example.com'].join('\n'), NOW);
    expect(resume.personalInfo.name).toBe('Ana Luíza dos Santos');
    expect(resume.personalInfo.location).toBe('Recife, PE');
  });

  it('cuts an email out of a phone number and a web address glued to it, but keeps digits that start an address', () => {
    expect(findEmail(['Kochi, Kerala+91 98765 46575ananya.i@example.orghttps://ananya.example.com'])).toBe('ananya.i@example.org');
    expect(findEmail(['Chennai, Tamil Nadu+91-98765-46077farhaniyer@example.com'])).toBe('farhaniyer@example.com');
    expect(findEmail(['mail: 123john@example.com'])).toBe('123john@example.com');
  });

  it.each([
    [['JORDAN T.', 'DELGADO, PGCE', 'Secondary History Teacher |', 'jordan@example.com'], 'Jordan T. Delgado'],
    [['Katrin E. van der', 'Berg, BSN, RN,', 'CCRN', 'k@example.com'], 'Katrin E. van der Berg'],
    [['John A.', 'Software Engineer', 'john@example.com'], 'John A.'],
  ])('finishes a name wrapped in a narrow column after an initial or a particle, not with a title: %j', (lines, name) => {
    expect(extractResumeLocally(lines.join('\n'), NOW).personalInfo.name).toBe(name);
  });

  it('does not take a credential after a name ("PA-C") for a state', () => {
    expect(findLocation(['Tyler Jenkins, PA-C', '77 Cedar Lane, Columbus, Ohio'], noSkill)).toBe('Columbus, Ohio');
    expect(findLocation(['Ana Luíza dos Santos, MPAS, PA-C', 'Recife, PE'], noSkill)).toBe('Recife, PE');
    expect(findLocation(['Jordan Lee, PA-C'], noSkill)).toBe('');
  });
});

describe('shapes found by re-laid-out resumes (ADR 105)', () => {
  it('reads "to date", "till now" and a curly-apostrophe "aujourd’hui" as the present', () => {
    expect(findDateSpan('Jan 2020 – To date')).toMatchObject({ start: 'Jan 2020', end: 'To date' });
    expect(findDateSpan('03/2019 - till now')).toMatchObject({ start: '03/2019', end: 'till now' });
    expect(findDateSpan('janv. 2020 – aujourd’hui')).toMatchObject({ start: 'janv. 2020', end: 'aujourd’hui' });
    expect(month('To date')).toBe(month('present'));
  });

  it('reads an address written against harvesters, but not a sentence with "at"', () => {
    expect(findEmail(['maria.garcia [at] example [dot] com'])).toBe('maria.garcia@example.com');
    expect(findEmail(['Email: maria.garcia(at)example.com'])).toBe('maria.garcia@example.com');
    expect(findEmail(['maria.garcia at example dot co dot uk'])).toBe('maria.garcia@example.co.uk');
    expect(findEmail(['Software Engineer at Booking.com', 'Developer at Acme'])).toBe('');
  });

  it('takes a name ending in its people in the plural ("Northwind Traders") as a company, beside the title', () => {
    expect(splitTitleAndCompany(['Senior Data Analyst, Northwind Traders'])).toEqual({ title: 'Senior Data Analyst', company: 'Northwind Traders' });
    expect(splitTitleAndCompany(['Summit Builders | Site Engineer'])).toEqual({ title: 'Site Engineer', company: 'Summit Builders' });
    expect(splitTitleAndCompany(['Trader, Goldman Sachs'])).toMatchObject({ title: 'Trader' });
  });

  it('finds the latest job whatever the section is called and however its dates are written', () => {
    const resume = (heading: string, dates: [string, string]) =>
      `Ana Ruiz\nana.ruiz@example.com\n\n${heading}\nSenior Data Analyst\nNorthwind Ltd | ${dates[0]}\nBuilt dashboards.\nData Analyst\nContoso Ltd | ${dates[1]}\nReports.\n\nEducation\nBSc Statistics, Universidad Complutense, 2012 – 2016`;
    for (const heading of ['Work History', 'EMPLOYMENT', 'Career History', 'Berufserfahrung', 'E X P E R I E N C E']) {
      for (const dates of [['Jan 2020 – To date', 'Mar 2016 – Dec 2019'], ['01.2020 – heute', '03.2016 – 12.2019'], ['2020/01 – present', '2016/03 – 2019/12'], ["Jan '20 – Present", "Mar '16 – Dec '19"]] as Array<[string, string]>) {
        const { experience } = extractResumeLocally(resume(heading, dates), NOW);
        expect(experience.map(({ title, company }) => ({ title, company })), `${heading} / ${dates[0]}`).toEqual([
          { title: 'Senior Data Analyst', company: 'Northwind Ltd' },
          { title: 'Data Analyst', company: 'Contoso Ltd' },
        ]);
      }
    }
  });
});
