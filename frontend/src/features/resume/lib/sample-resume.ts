import type { ExtractedResume } from '@hireloop/contracts';

/**
 * The fixed result of the resume demo (`/resume-demo`): a fictional person, written for this
 * product (the phone number is in the 555-01xx range kept for fiction, the email on example.com).
 * The demo's illustration shows the same resume.
 */
export const SAMPLE_RESUME: ExtractedResume = {
  personalInfo: {
    name: 'Maya Okafor',
    email: 'maya.okafor@example.com',
    phone: '+1 (555) 014-2398',
    location: 'Portland, OR',
    linkedin: '',
    github: '',
  },
  summary:
    'Full-stack engineer with 7 years of experience building data-heavy web products. Enjoys turning messy operational data into clear, fast interfaces and mentoring engineers who are new to the stack.',
  experience: [
    {
      title: 'Senior Full-Stack Engineer',
      company: 'Riverbend Analytics',
      duration: 'Mar 2021 - Present',
      description:
        'Leads a team of four building the customer reporting suite. Cut dashboard load times from 6 s to under 1 s by moving aggregation into PostgreSQL materialized views.',
      technologies: ['TypeScript', 'React', 'Node.js', 'PostgreSQL'],
    },
    {
      title: 'Software Engineer',
      company: 'Lumen Freight',
      duration: 'Jun 2017 - Feb 2021',
      description:
        'Built the shipment tracking portal and its event pipeline; introduced end-to-end tests that halved production incidents.',
      technologies: ['JavaScript', 'Vue.js', 'Python', 'AWS'],
    },
  ],
  education: [
    {
      degree: 'B.S. Computer Science',
      institution: 'Cascade State University',
      year: '2017',
      gpa: '3.7',
    },
  ],
  skills: {
    technical: ['TypeScript', 'React', 'Node.js', 'PostgreSQL', 'Python', 'AWS', 'Docker'],
    soft: ['Mentoring', 'Technical writing', 'Cross-team communication'],
  },
  certifications: ['AWS Certified Developer – Associate'],
  projects: [
    {
      name: 'Tidewatch',
      description: 'An open-source dashboard that charts river gauge readings and warns of rising water.',
      technologies: ['React', 'D3.js', 'Node.js'],
    },
    {
      name: 'Shiftboard',
      description: 'A shift-swapping app for a community food bank, used by 120 volunteers each week.',
      technologies: ['TypeScript', 'PostgreSQL', 'Docker'],
    },
  ],
  totalExperience: '7+ years',
  preferredRoles: ['Senior Full-Stack Engineer', 'Staff Engineer'],
};
