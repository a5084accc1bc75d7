/**
 * The vocabulary the generator draws from. Every person, employer, school, address, phone
 * number and email address here is made up: phone numbers use the ranges set aside for drama
 * (US 555-01xx, UK 07700 900xxx and 020 7946 0xxx) or obviously patterned digits, and email
 * addresses use the example.* domains.
 */

export const COUNTRIES = ['us', 'uk', 'in', 'br', 'de'] as const;
export type Country = (typeof COUNTRIES)[number];

export const PROFESSIONS = [
  'nurse',
  'physician-assistant',
  'accountant',
  'financial-analyst',
  'hr',
  'ux-designer',
  'sales',
  'teacher',
  'software',
] as const;
export type Profession = (typeof PROFESSIONS)[number];

export type Field = 'healthcare' | 'finance' | 'hr' | 'design' | 'sales' | 'teaching' | 'software';

export interface PersonName {
  readonly first: string;
  readonly middle?: string;
  readonly last: string;
}

export interface CountryData {
  readonly names: readonly PersonName[];
  readonly locations: readonly string[];
  readonly streets: readonly string[];
  readonly places: readonly string[];
  readonly schools: readonly string[];
  readonly companySuffixes: readonly string[];
  readonly languages: readonly (readonly string[])[];
  /** Lines of a "personal details" block, usual in Indian, German and Brazilian CVs. */
  readonly personalDetails?: readonly (readonly string[])[];
  /** Month names for dates written in the country's language (none: English only). */
  readonly months?: { readonly names: readonly string[]; readonly present: string };
}

export const COUNTRY_DATA: Record<Country, CountryData> = {
  us: {
    names: [
      { first: 'Sarah', middle: 'M.', last: 'Jenkins' },
      { first: 'Marcus', last: "O'Neill" },
      { first: 'Emily', last: 'Carter-Hughes' },
      { first: 'Jordan', middle: 'T.', last: 'Whitaker' },
      { first: 'Danielle', last: 'Okafor' },
      { first: 'Tyler', last: 'McAllister' },
      { first: 'Rosa', last: 'Delgado' },
    ],
    locations: ['Austin, TX', 'Columbus, Ohio', 'Portland, OR', 'Denver, CO 80203', 'Raleigh, North Carolina', 'Chicago, IL'],
    streets: ['1420 Maple Avenue, Apt 3B', '77 Cedar Lane', '2301 Lakeview Drive'],
    places: ['Brackenfield', 'Copper Hollow', 'Eastwick Falls', 'Harlan Creek', 'Juniper Bluff'],
    schools: ['Copper Hollow State University', 'Harlan Creek Community College', 'University of Eastwick Falls', 'Juniper Bluff College'],
    companySuffixes: [' Inc.', ' LLC', ' Corp.', ''],
    languages: [['English — Native', 'Spanish — Professional working proficiency'], ['English — Native', 'French — Conversational']],
  },
  uk: {
    names: [
      { first: 'Oliver', last: 'Whitfield' },
      { first: 'Siobhán', last: 'Gallagher' },
      { first: 'Amelia', middle: 'J.', last: 'Hart' },
      { first: 'Rhys', last: 'Llewellyn' },
      { first: 'Chloë', last: 'Ashworth' },
      { first: 'Kwame', last: 'Mensah-Boateng' },
      { first: 'Harriet', last: 'Fairbairn' },
    ],
    locations: ['London, UK', 'Manchester, United Kingdom', 'Leeds, West Yorkshire', 'Bristol, UK', 'Edinburgh, Scotland', 'Birmingham, UK'],
    streets: ['14 Kingsbury Road', 'Flat 2, 38 Alder Street', '5 Westmoor Close'],
    places: ['Wexcombe', 'Hartmoor', 'Kingsbrook Vale', 'Westerleigh', 'Fenbridge'],
    schools: ['University of Hartmoor', 'Westerleigh University', 'Kingsbrook College', 'Fenbridge Metropolitan University'],
    companySuffixes: [' Ltd', ' plc', ' Group', ''],
    languages: [['English — Native', 'French — Conversational'], ['English — Native', 'Welsh — Fluent']],
  },
  in: {
    names: [
      { first: 'Priya', last: 'Raghunathan' },
      { first: 'Aarav', last: 'Mehta' },
      { first: 'Lakshmi', last: 'Venkatesan' },
      { first: 'Rohan', middle: 'S.', last: 'Deshpande' },
      { first: 'Ananya', last: 'Iyer' },
      { first: 'Karthik', middle: 'S.', last: 'Narayanan' },
      { first: 'Farhan', last: 'Qureshi' },
    ],
    locations: ['Bengaluru, Karnataka', 'Pune, Maharashtra, India', 'Chennai, Tamil Nadu', 'Hyderabad, Telangana', 'New Delhi, India', 'Kochi, Kerala'],
    streets: ['Flat 402, Lakshmi Residency, 5th Cross', '12/3 MG Road', 'Plot 88, Sector 14'],
    places: ['Suryakiran', 'Amrutvan', 'Neelgagan', 'Kalpataru Nagar', 'Tarangini'],
    schools: ['Suryakiran Institute of Technology', 'Amrutvan University', 'Neelgagan College of Commerce', "Tarangini Women's College"],
    companySuffixes: [' Pvt. Ltd.', ' Ltd.', ' Technologies', ''],
    languages: [['English — Fluent', 'Hindi — Native', 'Kannada — Conversational'], ['English — Fluent', 'Tamil — Native', 'Hindi — Fluent']],
    personalDetails: [
      ['Date of Birth: 14 March 1994', 'Nationality: Indian', 'Marital Status: Single'],
      ["Father's Name: Suresh Kumar", 'Date of Birth: 02/11/1992', 'Nationality: Indian'],
    ],
  },
  br: {
    names: [
      { first: 'João Pedro', last: 'da Silva' },
      { first: 'Ana Luíza', last: 'dos Santos' },
      { first: 'Thiago', last: 'Gonçalves' },
      { first: 'Fernanda', last: 'Araújo' },
      { first: 'Luís', last: 'Conceição' },
      { first: 'Maria Eduarda', last: 'de Souza' },
      { first: 'Caio', last: 'Magalhães' },
    ],
    locations: ['São Paulo, SP', 'Rio de Janeiro, RJ', 'Belo Horizonte, MG, Brasil', 'Curitiba, PR', 'Florianópolis, SC', 'Recife, PE'],
    streets: ['Rua das Acácias, 210', 'Av. Paulista, 1500, apto 42', 'Rua Bom Jesus, 88'],
    places: ['Santa Íris', 'Nova Aurora do Sul', 'Vale do Ipê Roxo', 'Jardim das Mangueiras', 'Alto da Piracema'],
    schools: ['Universidade Federal de Santa Íris', 'Faculdade Nova Aurora do Sul', 'Pontifícia Universidade do Vale do Ipê Roxo', 'Centro Universitário Alto da Piracema'],
    companySuffixes: [' Ltda.', ' S.A.', ''],
    languages: [['Português — Nativo', 'English — Advanced', 'Español — Intermediário'], ['Portuguese — Native', 'English — Fluent']],
    personalDetails: [
      ['Data de nascimento: 14/03/1994', 'Nacionalidade: brasileira', 'Estado civil: solteira'],
      ['Date of birth: 02/11/1992', 'Nationality: Brazilian'],
    ],
    months: {
      names: ['jan.', 'fev.', 'mar.', 'abr.', 'mai.', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'],
      present: 'atual',
    },
  },
  de: {
    names: [
      { first: 'Jürgen', last: 'Weiß' },
      { first: 'Lena', last: 'Schäfer' },
      { first: 'Maximilian', last: 'von Bülow' },
      { first: 'Anna', last: 'van der Berg' },
      { first: 'Katrin', middle: 'E.', last: 'Müller' },
      { first: 'Felix', last: 'Großmann' },
      { first: 'Özlem', last: 'Kaya' },
    ],
    locations: ['München, Germany', 'Berlin, Deutschland', 'Köln, Germany', 'Hamburg', 'Düsseldorf, NRW', 'Frankfurt am Main, Germany'],
    streets: ['Lindenstraße 12', 'Am Rosengarten 4', 'Hauptstr. 27a'],
    places: ['Nordhafen', 'Lindwiesen', 'Rosenhain', 'Westerfelde', 'Birkenbrück'],
    schools: ['Technische Universität Nordhafen', 'Hochschule Lindwiesen', 'Universität Westerfelde', 'Fachhochschule Birkenbrück'],
    companySuffixes: [' GmbH', ' AG', ' SE', ''],
    languages: [['Deutsch — Muttersprache', 'Englisch — C1'], ['German — Native', 'English — Fluent (C1)', 'Turkish — Native']],
    personalDetails: [
      ['Geburtsdatum: 14.03.1994', 'Geburtsort: Hamburg', 'Staatsangehörigkeit: deutsch'],
      ['Date of birth: 02.11.1992', 'Nationality: German', 'Driving licence: B'],
    ],
    months: {
      names: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
      present: 'heute',
    },
  },
};

export interface ProfessionData {
  readonly field: Field;
  /** Job titles from junior to senior; a career climbs this list. */
  readonly ladder: readonly string[];
  readonly credentials: readonly string[];
  readonly headline: string;
  readonly skills: readonly string[];
  /** Labels for skills written in groups ("Clinical: Epic, Cerner"). */
  readonly skillGroups: readonly string[];
  readonly degrees: readonly string[];
  readonly bullets: readonly string[];
  readonly summary: string;
  readonly certifications?: readonly string[];
}

export const PROFESSION_DATA: Record<Profession, ProfessionData> = {
  nurse: {
    field: 'healthcare',
    ladder: ['Nursing Assistant', 'Staff Nurse', 'Registered Nurse', 'Charge Nurse', 'Clinical Nurse Specialist'],
    credentials: ['RN, BSN', 'RN', 'BSN, RN, CCRN'],
    headline: 'Registered Nurse | Critical Care | Patient Advocacy',
    skills: ['Epic', 'Cerner', 'HIPAA', 'BLS', 'ACLS', 'Patient Assessment', 'IV Therapy', 'Wound Care', 'Medication Administration', 'Telemetry', 'Triage', 'Infection Control', 'Care Planning', 'Phlebotomy'],
    skillGroups: ['Clinical', 'Systems', 'Compliance'],
    degrees: ['Bachelor of Science in Nursing (BSN)', 'Associate Degree in Nursing', 'BSc (Hons) Adult Nursing', 'Diploma in General Nursing and Midwifery'],
    bullets: [
      'Delivered direct care to a 28-bed medical-surgical unit, averaging five patients per shift.',
      'Documented assessments and care plans in Epic, keeping charting compliant with HIPAA.',
      'Administered IV medications and monitored telemetry for post-operative patients.',
      'Precepted eight newly qualified nurses through their first ninety days.',
      'Cut hospital-acquired infection rates by 18% by leading a hand-hygiene audit.',
    ],
    summary: 'Compassionate nurse with years of acute and critical care experience.',
    certifications: ['BLS — American Heart Association', 'ACLS — American Heart Association', 'PALS'],
  },
  'physician-assistant': {
    field: 'healthcare',
    ladder: ['Medical Assistant', 'Physician Assistant', 'Senior Physician Assistant', 'Lead Physician Assistant'],
    credentials: ['PA-C', 'MPAS, PA-C'],
    headline: 'Physician Assistant — Emergency and Orthopedic Medicine',
    skills: ['Epic', 'Cerner', 'HIPAA', 'BLS', 'ACLS', 'Differential Diagnosis', 'Suturing', 'EKG Interpretation', 'Patient Education', 'Emergency Medicine', 'Orthopedics', 'Prescribing', 'Electronic Health Records', 'Splinting'],
    skillGroups: ['Clinical', 'Systems', 'Certifications'],
    degrees: ['Master of Physician Assistant Studies', 'Bachelor of Science in Biology', 'MSc Physician Associate Studies'],
    bullets: [
      'Evaluated and treated 25 to 30 patients per shift in a level II emergency department.',
      'Ordered and interpreted imaging, labs and EKGs under the supervising physician.',
      'Performed laceration repair, splinting and joint injections.',
      'Wrote discharge plans and patient education material in Cerner.',
      'Trained medical assistants on triage protocols and HIPAA privacy rules.',
    ],
    summary: 'Certified physician assistant with emergency and orthopedic experience.',
    certifications: ['NCCPA Certification', 'ACLS', 'BLS'],
  },
  accountant: {
    field: 'finance',
    ladder: ['Accounts Assistant', 'Staff Accountant', 'Senior Accountant', 'Financial Accountant', 'Accounting Manager'],
    credentials: ['CPA', 'ACCA', 'CA'],
    headline: 'Chartered Accountant · Month-End Close · Audit Readiness',
    skills: ['GAAP', 'IFRS', 'SAP', 'QuickBooks', 'Xero', 'Accounts Payable', 'Accounts Receivable', 'Bank Reconciliation', 'Month-End Close', 'Payroll', 'Excel', 'Audit Preparation', 'Sage', 'Tally ERP'],
    skillGroups: ['Accounting', 'Software', 'Reporting'],
    degrees: ['Bachelor of Commerce (B.Com)', 'BSc Accounting and Finance', 'Bachelor of Science in Accounting', 'Master of Professional Accountancy'],
    bullets: [
      'Closed the books monthly for three entities, cutting the close from eight days to five.',
      'Prepared GAAP financial statements and audit schedules for the external auditors.',
      'Reconciled twelve bank accounts and cleared a backlog of 400 unmatched items.',
      'Migrated the ledger from QuickBooks to SAP with no reporting gap.',
      'Ran weekly accounts payable for 300 suppliers.',
    ],
    summary: 'Detail-minded accountant who keeps the ledger clean and auditors happy.',
  },
  'financial-analyst': {
    field: 'finance',
    ladder: ['Junior Financial Analyst', 'Financial Analyst', 'Senior Financial Analyst', 'FP&A Manager'],
    credentials: ['CFA', 'MBA', 'CFA, FRM'],
    headline: 'FP&A · Forecasting · Financial Modelling',
    skills: ['Excel Modelling', 'Financial Modelling', 'DCF Valuation', 'Budgeting', 'Forecasting', 'Variance Analysis', 'SAP', 'Power BI', 'Tableau', 'SQL', 'Bloomberg Terminal', 'GAAP', 'Hyperion', 'VBA'],
    skillGroups: ['Analysis', 'Tools', 'Reporting'],
    degrees: ['BSc Economics', 'Master of Business Administration (MBA)', 'Bachelor of Business Administration in Finance', 'MSc Finance'],
    bullets: [
      'Built the three-statement model used for the annual budget of a $40M business unit.',
      'Explained monthly variances to the CFO and cut forecast error by a third.',
      'Automated the management pack with Power BI and SQL, saving two days a month.',
      'Valued two acquisition targets with DCF and comparable-company analysis.',
      'Partnered with sales leadership on pricing and margin analysis.',
    ],
    summary: 'Financial analyst turning numbers into decisions for business leaders.',
  },
  hr: {
    field: 'hr',
    ladder: ['HR Assistant', 'HR Generalist', 'Talent Acquisition Specialist', 'HR Business Partner', 'Senior HR Manager'],
    credentials: ['SHRM-SCP', 'SHRM-CP', 'PHR', 'Chartered MCIPD'],
    headline: 'People Partner | Talent Acquisition | Employee Relations',
    skills: ['Talent Acquisition', 'Workday', 'SuccessFactors', 'Employee Relations', 'Onboarding', 'Performance Management', 'Compensation and Benefits', 'HRIS', 'Payroll', 'Employment Law', 'Succession Planning', 'Greenhouse', 'BambooHR', 'Diversity and Inclusion'],
    skillGroups: ['People', 'Systems', 'Policy'],
    degrees: ['BA Human Resource Management', 'MA Human Resources and Organisational Development', 'Bachelor of Business Administration', 'MBA in Human Resources'],
    bullets: [
      'Hired 120 people a year across operations and technology, halving time to hire.',
      'Moved recruiting and onboarding onto Workday for 1,800 employees.',
      'Advised managers on employee relations cases and disciplinary procedures.',
      'Designed the annual performance review and calibration process.',
      'Launched an employee resource group programme and a mentoring scheme.',
    ],
    summary: 'HR professional who builds hiring and people processes that scale.',
  },
  'ux-designer': {
    field: 'design',
    ladder: ['Junior UX Designer', 'UX/UI Designer', 'Product Designer', 'Senior Product Designer', 'Lead UX Designer'],
    credentials: [],
    headline: 'Product Designer · UX Research · Design Systems',
    skills: ['Figma', 'Sketch', 'Adobe XD', 'User Research', 'Usability Testing', 'Wireframing', 'Prototyping', 'Design Systems', 'Information Architecture', 'Journey Mapping', 'Accessibility', 'Framer', 'Miro', 'InVision'],
    skillGroups: ['Research', 'Design', 'Tools'],
    degrees: ['BA Graphic Design', 'MSc Human-Computer Interaction', 'Bachelor of Design (B.Des)', 'BFA Interaction Design'],
    bullets: [
      'Led user research with 40 interviews that reshaped the onboarding flow.',
      'Built and maintained a Figma design system used by four product squads.',
      'Raised checkout conversion by 12% after three rounds of usability testing.',
      'Prototyped the mobile app in Framer for stakeholder reviews.',
      'Brought the web app to WCAG 2.1 AA with the front-end team.',
    ],
    summary: 'Designer who starts from research and ships accessible interfaces.',
  },
  sales: {
    field: 'sales',
    ladder: ['Sales Associate', 'Sales Development Representative', 'Account Executive', 'Senior Account Manager', 'Regional Sales Manager'],
    credentials: [],
    headline: 'B2B Sales · Account Management · 140% of quota',
    skills: ['Salesforce', 'HubSpot', 'Account Management', 'Lead Generation', 'Cold Calling', 'Negotiation', 'Pipeline Management', 'CRM', 'B2B Sales', 'Territory Planning', 'Contract Negotiation', 'Customer Retention', 'Sales Forecasting', 'LinkedIn Sales Navigator'],
    skillGroups: ['Selling', 'Tools', 'Accounts'],
    degrees: ['BA Business Studies', 'Bachelor of Business Administration (BBA)', 'BSc Marketing', 'Diploma in Sales and Marketing'],
    bullets: [
      'Closed $2.4M in new annual recurring revenue, 140% of quota.',
      'Managed 35 key accounts with a 96% renewal rate.',
      'Built a pipeline of 200 qualified leads through cold calling and LinkedIn.',
      'Kept every opportunity current in Salesforce for weekly forecasting.',
      'Negotiated multi-year contracts with procurement teams.',
    ],
    summary: 'Sales professional who opens doors and keeps customers for years.',
  },
  teacher: {
    field: 'teaching',
    ladder: ['Teaching Assistant', 'Mathematics Teacher', 'Senior Mathematics Teacher', 'Head of Mathematics'],
    credentials: ['M.Ed.', 'PGCE', 'QTS'],
    headline: 'Secondary Mathematics Teacher | Curriculum Lead',
    skills: ['Curriculum Design', 'Classroom Management', 'Lesson Planning', 'Differentiated Instruction', 'Google Classroom', 'Student Assessment', 'Special Educational Needs', 'Parent Communication', 'Behaviour Management', 'Safeguarding', 'Moodle', 'Smartboard', 'Project-Based Learning', 'Mentoring'],
    skillGroups: ['Teaching', 'Technology', 'Pastoral'],
    degrees: ['BSc Mathematics', 'Postgraduate Certificate in Education (PGCE)', 'Bachelor of Education (B.Ed.)', 'Master of Education (M.Ed.)'],
    bullets: [
      'Taught mathematics to five classes from Year 7 to Year 11.',
      'Redesigned the Key Stage 3 curriculum around problem solving.',
      'Raised the share of students reaching grade 5 or above from 58% to 71%.',
      'Mentored two trainee teachers through their placements.',
      'Ran the after-school maths club and the regional olympiad team.',
    ],
    summary: 'Mathematics teacher who plans lessons every student can follow.',
  },
  software: {
    field: 'software',
    ladder: ['Junior Software Developer', 'Software Engineer', 'Senior Software Engineer', 'Staff Engineer', 'Engineering Manager'],
    credentials: [],
    headline: 'Backend Engineer · Distributed Systems · Cloud',
    skills: ['TypeScript', 'Python', 'Java', 'React', 'Node.js', 'PostgreSQL', 'Docker', 'Kubernetes', 'AWS', 'Terraform', 'Go', 'GraphQL', 'Kafka', 'CI/CD'],
    skillGroups: ['Languages', 'Platforms', 'Data'],
    degrees: ['BSc Computer Science', 'B.Tech in Computer Science and Engineering', 'MSc Software Engineering', 'Bacharelado em Ciência da Computação'],
    bullets: [
      'Split a monolith into six services on Kubernetes with zero downtime.',
      'Cut p95 API latency from 800 ms to 120 ms by reworking PostgreSQL queries.',
      'Built the event pipeline on Kafka that handles 50,000 messages a second.',
      'Introduced CI/CD with automated tests, taking releases from weekly to daily.',
      'Mentored four junior engineers.',
    ],
    summary: 'Engineer who builds reliable backends and the teams around them.',
  },
};

/** Employer name patterns by field and country ({P}: a made-up place). */
export const INSTITUTIONS: Partial<Record<Field, Record<Country, readonly string[]>>> = {
  healthcare: {
    us: ['{P} Medical Center', '{P} Family Clinic', '{P} Regional Hospital'],
    uk: ['{P} General Hospital', '{P} Community Health NHS Trust', '{P} Royal Infirmary'],
    in: ['{P} Multispeciality Hospital', '{P} Care Hospitals', '{P} Medical College Hospital'],
    br: ['Hospital {P}', 'Clínica {P}', 'Santa Casa de {P}'],
    de: ['Klinikum {P}', 'Praxisklinik {P}', 'Universitätsklinikum {P}'],
  },
  teaching: {
    us: ['{P} High School', '{P} Middle School', '{P} Charter Academy'],
    uk: ['{P} Academy', '{P} Grammar School', '{P} Community College'],
    in: ['{P} Public School', '{P} International School', '{P} Vidyalaya'],
    br: ['Colégio {P}', 'Escola Estadual {P}', 'Instituto {P}'],
    de: ['{P}-Gymnasium', 'Gesamtschule {P}', 'Realschule {P}'],
  },
};

/** Brand names for employers that are companies; a country suffix may follow. */
export const BRANDS: Record<Exclude<Field, 'healthcare' | 'teaching'>, readonly string[]> = {
  finance: ['Harbourline Capital', 'Kestrel Accounting', 'Brightwater Partners', 'Meridian Ledger', 'Oakfield Financial', 'Veritas Audit Group', 'Lumen Asset Management', 'Northgate Bank'],
  hr: ['Peoplewise Consulting', 'Talentbridge', 'Crescent Retail Group', 'Alder Logistics', 'Summit Staffing', 'Bluepeak Services'],
  design: ['Pixelfjord Studio', 'Canopy Digital', 'Brightloop', 'Moonrise Labs', 'Lattice Interactive', 'Quillstone Agency'],
  sales: ['Corvid Software', 'Ironbridge Supplies', 'Medisphere Devices', 'Greenline Foods', 'Vantage Telecom', 'Copperleaf Systems'],
  software: ['Larkspur Robotics', 'Tidewater Systems', 'Nimbus Forge', 'Quantaloop', 'Redwood Data', 'Silverpine Cloud'],
};

/** Comma lists that sit near the top of some resumes and are not a location. */
export const TOP_LISTS: Record<Field, readonly string[]> = {
  healthcare: ['Critical Care, Emergency, Oncology', 'Acute Care, Paediatrics, Community Health'],
  finance: ['Banking, Telecom, Retail', 'Insurance, Manufacturing, Public Sector'],
  hr: ['Retail, Logistics, Healthcare', 'Technology, Hospitality, Banking'],
  design: ['Figma, Framer, Lottie', 'Fintech, E-commerce, SaaS'],
  sales: ['SaaS, Telecom, Medical Devices', 'Banking, Telecom, Retail'],
  teaching: ['Mathematics, Physics, Computing', 'KS3, KS4, A-Level'],
  software: ['Fintech, Logistics, Healthcare', 'Go, Rust, Kotlin'],
};

export const HEADINGS = {
  summary: ['Profile', 'Summary', 'Professional Summary', 'About Me', 'Career Objective'],
  experience: ['Experience', 'Professional Experience', 'Work History', 'Employment', 'Work Experience', 'Employment History', 'Career History'],
  education: ['Education', 'Academic Background', 'Education & Training', 'Qualifications', 'Academic Qualifications'],
  skills: ['Skills', 'Core Competencies', 'Areas of Expertise', 'Key Skills', 'Skills & Tools'],
  languages: ['Languages', 'Language Skills'],
  certifications: ['Certifications', 'Licences & Certifications'],
  personal: ['Personal Details', 'Personal Information', 'Personal Data'],
} as const;

/** Bullets any profession writes, which pad the long resumes. */
export const GENERIC_BULLETS = [
  'Worked with colleagues across departments to simplify a weekly reporting routine.',
  'Trained and supported new team members during their first months.',
  'Represented the team in quarterly reviews with senior leadership.',
  'Wrote and maintained the team handbook and standard operating procedures.',
  'Volunteered as a first-aid and fire marshal for the floor.',
  'Took part in the hiring panel for eleven roles.',
];

export const REFERENCE_LINES = ['References available upon request.', 'References: available on request', 'Referees can be provided on request.'];

export const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example.com'];
