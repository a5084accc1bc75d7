/**
 * The skills the offline extractor recognises anywhere in a resume (a skills section's own
 * items are taken as written, see local.ts). A skill counts when its name appears as a whole
 * term; names of one or two letters (Go, R, C) and all-capital acronyms must match case exactly.
 * Broad on purpose: software and data, and the professions the product also serves —
 * healthcare, finance and accounting, HR, design, sales and marketing, teaching, operations.
 */
export const TECHNICAL_SKILLS: readonly string[] = [
  // software and data
  'JavaScript', 'TypeScript', 'Python', 'Java', 'C++', 'C#', 'C', 'Go', 'Golang', 'Rust', 'Ruby',
  'PHP', 'Kotlin', 'Swift', 'Objective-C', 'Scala', 'R', 'MATLAB', 'Perl', 'Bash', 'Shell', 'PowerShell', 'SQL',
  'MySQL', 'PostgreSQL', 'Postgres', 'SQLite', 'MongoDB', 'Mongo', 'Redis', 'NoSQL', 'Cassandra', 'Oracle',
  'Microsoft SQL Server', 'SQL Server', 'DynamoDB', 'Firebase', 'Supabase',
  'Elasticsearch', 'Kafka', 'RabbitMQ', 'GraphQL', 'REST', 'RESTful APIs', 'gRPC', 'HTML', 'HTML5', 'CSS', 'CSS3',
  'Sass', 'LESS', 'Bootstrap', 'Tailwind', 'TailwindCSS', 'Material UI', 'Font Awesome', 'Fontawesome',
  'React', 'React Native', 'React Hooks', 'Angular', 'AngularJS', 'Vue', 'Vue.js', 'Vue3', 'Nuxt', 'Svelte',
  'Next.js', 'Node.js', 'Express.js', 'Express', 'Deno', 'Vite', 'Webpack', 'Babel', 'Meteor', 'MeteorJS', 'Blaze',
  'Expo', 'Electron', 'Flutter', 'Dart', 'Ionic', 'Xamarin', 'Unity', 'Unreal Engine',
  'Django', 'Flask', 'FastAPI', 'Spring', 'Spring Boot', 'Hibernate', '.NET', 'ASP.NET', 'Laravel', 'Symfony',
  'Rails', 'Ruby on Rails', 'jQuery', 'Redux', 'WebGL', 'Three.js', 'D3', 'D3.js', 'WebSockets',
  'Docker', 'Kubernetes', 'Helm', 'Terraform', 'Ansible', 'Puppet', 'Chef', 'Jenkins', 'Travis', 'Travis CI',
  'GitHub Actions', 'GitLab', 'GitLab CI', 'CI/CD', 'Git', 'SVN', 'GitHub', 'Bitbucket', 'Sourcetree', 'Jira',
  'Confluence', 'AWS', 'Amazon Redshift', 'Redshift', 'S3', 'EC2', 'Lambda', 'Azure', 'Google Cloud', 'GCP',
  'Heroku', 'Vercel', 'Netlify', 'Linux', 'Unix', 'Debian', 'Ubuntu', 'Windows', 'Mac OS', 'macOS', 'iOS',
  'Android', 'VMware', 'Nginx', 'Apache', 'Apache Beam', 'Apache Spark', 'Spark', 'Hadoop', 'Hive', 'Airflow',
  'Snowflake', 'dbt', 'BigQuery', 'Databricks', 'ETL', 'Data Warehousing', 'ServiceNow', 'DevOps', 'SRE',
  'Microservices', 'Machine Learning', 'Deep Learning', 'Computer Vision', 'Natural Language Processing', 'NLP',
  'LLM', 'TensorFlow', 'PyTorch', 'Keras', 'scikit-learn', 'Pandas', 'NumPy', 'SciPy', 'Matplotlib', 'SymPy',
  'Seaborn', 'Jupyter', 'tkinter', 'OpenCV', 'Data Analysis', 'Data Science', 'Data Visualization', 'Data Entry',
  'Data Mining', 'Big Data', 'Bioinformatics', 'Statistics', 'Statistical Analysis', 'A/B Testing',
  'Embedded Systems', 'Arduino', 'Raspberry Pi', 'IoT', 'FPGA', 'VHDL', 'Verilog', 'PLC', 'AutoCAD', 'SolidWorks',
  'CATIA', 'LabVIEW', 'Simulink', 'Proteus', 'LaTeX', 'Markdown', 'Webstorm', 'PyCharm', 'CLion', 'IntelliJ',
  'Visual Studio', 'VS Code', 'Eclipse', 'XCode', 'Vim', 'Emacs', 'Terminal', 'Postman', 'Selenium', 'Cypress',
  'Playwright', 'Jest', 'Mocha', 'JUnit', 'pytest', 'Unit Testing', 'TDD', 'Agile', 'Scrum', 'Kanban', 'ITIL',
  'Hybrid Cloud', 'Infrastructure Automation', 'Cybersecurity', 'Network Security', 'Penetration Testing',
  'Networking', 'TCP/IP', 'Active Directory', 'SharePoint', 'Blender', 'Inkscape', 'GIMP', 'Open Source',
  'Software Engineering', 'Software Development', 'Web Development', 'Mobile Development', 'UX', 'UI',
  'Web', 'LAMP', 'Embedded', 'Cloud Computing', 'Blockchain', 'Solidity',
  // office and general business tools
  'Excel', 'Microsoft Excel', 'Microsoft Word', 'Word', 'PowerPoint', 'Outlook', 'Microsoft Office', 'MS Office',
  'Office 365', 'Google Workspace', 'Google Sheets', 'Tableau', 'Power BI', 'Looker', 'Qlik', 'SPSS', 'SAS',
  'Stata', 'Visio', 'Notion', 'Trello', 'Asana', 'Slack', 'Zoom',
  // design
  'Figma', 'Sketch', 'Adobe XD', 'Adobe Photoshop', 'Photoshop', 'Illustrator', 'Adobe Illustrator', 'InDesign',
  'Adobe InDesign', 'After Effects', 'Premiere Pro', 'Lightroom', 'Adobe Creative Suite', 'Canva', 'Framer',
  'Lottie', 'Principle', 'InVision', 'Zeplin', 'Miro', 'Wireframing', 'Prototyping', 'User Research',
  'Usability Testing', 'Interaction Design', 'Visual Design', 'UX Design', 'UI Design', 'Design Systems',
  'Typography', 'Branding', 'Graphic Design', 'Motion Design', 'Information Architecture', 'Accessibility',
  'WCAG', 'Design Thinking', 'User Experience', 'Product Design',
  // healthcare
  'Epic', 'Cerner', 'Meditech', 'Allscripts', 'athenahealth', 'EHR', 'EMR', 'HIPAA', 'ICD-10', 'CPT', 'BLS',
  'ACLS', 'PALS', 'CPR', 'First Aid', 'Patient Care', 'Patient Assessment', 'Patient Education', 'Triage',
  'Medication Administration', 'IV Therapy', 'Phlebotomy', 'Wound Care', 'Vital Signs', 'Infection Control',
  'Telemetry', 'Critical Care', 'Pediatrics', 'Geriatrics', 'Oncology', 'Medical Terminology', 'Medical Billing',
  'Medical Coding', 'Clinical Documentation', 'Case Management', 'Care Planning', 'Pharmacology', 'Radiology',
  'Physical Therapy', 'Occupational Therapy', 'Mental Health', 'Public Health', 'Clinical Research', 'GCP Compliance',
  // finance and accounting
  'Accounting', 'Accounts Payable', 'Accounts Receivable', 'Tax Accounting', 'Taxation', 'Auditing', 'Audit',
  'Bookkeeping', 'Financial Planning', 'Financial Reporting', 'Financial Analysis', 'Financial Modeling',
  'Financial Modelling', 'Payroll', 'Budgeting', 'Forecasting', 'GAAP', 'IFRS', 'SOX', 'QuickBooks', 'Xero',
  'SAP', 'SAP FICO', 'Oracle Financials', 'NetSuite', 'Sage', 'Bloomberg', 'Bloomberg Terminal', 'Reconciliation',
  'General Ledger', 'Cost Accounting', 'Variance Analysis', 'Valuation', 'DCF', 'Risk Management', 'Compliance',
  'Anti-Money Laundering', 'AML', 'KYC', 'Credit Analysis', 'Underwriting', 'Investment Banking',
  'Portfolio Management', 'Equity Research', 'Treasury', 'Corporate Finance', 'M&A', 'Due Diligence',
  // HR
  'Recruiting', 'Recruitment', 'Talent Acquisition', 'Onboarding', 'Employee Relations', 'Performance Management',
  'Compensation', 'Benefits Administration', 'HRIS', 'Workday', 'BambooHR', 'SuccessFactors', 'ADP',
  'Greenhouse', 'Lever', 'Applicant Tracking Systems', 'ATS', 'Labor Law', 'Employment Law', 'Training and Development',
  'Learning and Development', 'Succession Planning', 'Workforce Planning', 'Organizational Development',
  'Diversity and Inclusion', 'Employee Engagement', 'HR Policies', 'Conflict Resolution',
  // sales and marketing
  'Salesforce', 'HubSpot', 'CRM', 'Zoho', 'Pipedrive', 'Lead Generation', 'Cold Calling', 'Prospecting',
  'Account Management', 'Business Development', 'B2B Sales', 'B2C', 'Sales', 'Retail', 'Merchandising',
  'Inventory Management', 'Point of Sale', 'POS', 'Upselling', 'Negotiation', 'Closing', 'Pipeline Management',
  'Key Account Management', 'SEO', 'SEM', 'Google Analytics', 'Google Ads', 'Social Media', 'Social Media Marketing',
  'Content Marketing', 'Email Marketing', 'Digital Marketing', 'Copywriting', 'Market Research', 'Mailchimp',
  'Brand Management', 'Public Relations', 'Event Planning', 'Product Management', 'Product Marketing',
  // teaching and education
  'Lesson Planning', 'Curriculum Development', 'Curriculum Design', 'Classroom Management', 'Differentiated Instruction',
  'Special Education', 'Instructional Design', 'Assessment', 'Tutoring', 'Google Classroom', 'Moodle', 'Canvas LMS',
  'Blackboard', 'E-Learning', 'ESL', 'TEFL', 'Montessori', 'Student Engagement', 'Parent Communication', 'IEP',
  // operations, supply chain, other
  'Supply Chain', 'Supply Chain Management', 'Logistics', 'Procurement', 'Purchasing', 'Operations Management',
  'Lean', 'Six Sigma', 'Lean Six Sigma', 'Kaizen', 'ERP', 'Quality Assurance', 'Quality Control', 'ISO 9001',
  'Project Management', 'Program Management', 'PMP', 'PRINCE2', 'MS Project', 'Microsoft Project',
  'Customer Service', 'Customer Support', 'Zendesk', 'Data Protection', 'GDPR', 'Contract Management', 'Legal Research',
];

export const SOFT_SKILLS: readonly string[] = [
  'Communication', 'Teamwork', 'Leadership', 'Problem Solving', 'Creative Problem Solving',
  'Mentoring', 'Organization', 'Attention to Detail', 'Time Management', 'Collaboration',
  'Critical Thinking', 'Adaptability', 'Public Speaking', 'Change Management',
  'Strategic Planning', 'Learning Mindset', 'Process Improvement', 'Incident Management',
  'Spoken English', 'Spanish', 'Consulting', 'Training', 'Writing', 'Presentation', 'Presentations',
  'Coaching', 'Empathy', 'Stakeholder Management', 'Decision Making', 'Multitasking', 'Interpersonal Skills',
  'Hard-working', 'Persuasive', 'Motivator & Leader', 'Eye for detail',
];
