/**
 * The skills the offline extractor recognises. A skill counts when its name appears as a whole
 * word; names of one or two letters (Go, R, C) must match case exactly.
 */
export const TECHNICAL_SKILLS: readonly string[] = [
  'JavaScript', 'TypeScript', 'Python', 'Java', 'C++', 'C#', 'Go', 'Golang', 'Rust', 'Ruby',
  'PHP', 'Kotlin', 'Swift', 'Scala', 'R', 'MATLAB', 'Perl', 'Bash', 'PowerShell', 'SQL',
  'MySQL', 'PostgreSQL', 'Postgres', 'SQLite', 'MongoDB', 'Redis', 'NoSQL', 'Cassandra',
  'Elasticsearch', 'Kafka', 'RabbitMQ', 'GraphQL', 'REST', 'RESTful APIs', 'HTML', 'CSS',
  'React', 'React Hooks', 'Angular', 'Vue', 'Svelte', 'Next.js', 'Node.js', 'Express.js',
  'Django', 'Flask', 'FastAPI', 'Spring Boot', '.NET', 'jQuery', 'Redux', 'Tailwind', 'WebGL',
  'WebSockets', 'Docker', 'Kubernetes', 'Terraform', 'Ansible', 'Jenkins', 'CI/CD', 'Git',
  'GitHub', 'AWS', 'Azure', 'Google Cloud', 'GCP', 'Linux', 'Windows', 'Mac OS', 'VMware',
  'ServiceNow', 'DevOps', 'Microservices', 'Machine Learning', 'Deep Learning',
  'Natural Language Processing', 'NLP', 'TensorFlow', 'PyTorch', 'scikit-learn', 'Pandas',
  'NumPy', 'Data Analysis', 'Data Science', 'Data Entry', 'Bioinformatics', 'Statistics',
  'Excel', 'Microsoft Word', 'PowerPoint', 'Tableau', 'Power BI', 'Figma', 'Agile', 'Scrum',
  'ITIL', 'Hybrid Cloud', 'Infrastructure Automation', 'Raspberry Pi', 'IoT', 'OpenCV',
  'Accounting', 'Accounts Payable', 'Accounts Receivable', 'Tax Accounting', 'Auditing',
  'Bookkeeping', 'Financial Planning', 'Financial Reporting', 'Payroll', 'Budgeting',
  'Forecasting', 'Salesforce', 'SEO', 'Social Media',
];

export const SOFT_SKILLS: readonly string[] = [
  'Communication', 'Teamwork', 'Leadership', 'Problem Solving', 'Creative Problem Solving',
  'Mentoring', 'Organization', 'Attention to Detail', 'Time Management', 'Collaboration',
  'Critical Thinking', 'Adaptability', 'Negotiation', 'Public Speaking', 'Project Management',
  'Change Management', 'Strategic Planning', 'Customer Service', 'Learning Mindset',
  'Process Improvement', 'Incident Management', 'Spoken English', 'Spanish',
];
