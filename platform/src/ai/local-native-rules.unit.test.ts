import { describe, expect, it } from 'vitest';
import { extractResumeLocally } from './local';
import { findLocation, findName } from './resume-contact';
import { headingOf } from './resume-sections';

/*
 * The rules ADR 120 added after reading the misses of the first held-out set's test half
 * (mostly Chinese layouts), each on a short made-up text (no third-party content), so each
 * fails without its rule.
 */
const NOW = new Date('2026-11-23T12:00:00Z');
const noSkill = () => false;

describe('headings however they are numbered or set', () => {
  it('reads a heading behind its number in brackets, Chinese numerals or a full-width frame', () => {
    expect(headingOf('[2] 实习经历')?.section).toBe('experience');
    expect(headingOf('二、工作经历')?.section).toBe('experience');
    expect(headingOf('03 教育背景')?.section).toBe('education');
    expect(headingOf('【专业技能】')?.section).toBe('skills');
    expect(headingOf('(4) Skills')?.section).toBe('skills');
  });

  it('reads a listed heading after a word that only qualifies it', () => {
    expect(headingOf('Previous Experience')?.section).toBe('experience');
    expect(headingOf('Prior Employment')?.section).toBe('experience');
    expect(headingOf('Other')).toBeUndefined();
  });

  it('reads two joined headings by their last word when the first is none', () => {
    expect(headingOf('Leadership & Activities')?.section).toBe('other');
    expect(headingOf('Skills & Experience')?.section).toBe('skills');
    expect(headingOf('• Course: Big Data Systems and Technologies | Data Mining')).toBeUndefined();
  });

  it('reads a heading after a decoration word, but not after any word', () => {
    expect(headingOf('SECTION | 实习经历')).toEqual({ section: 'experience', rest: '' });
    expect(headingOf('LAT | 项目经历')).toBeUndefined();
  });

  it('reads a Chinese margin heading run into the entry beside it, not a sentence opening with it', () => {
    expect(headingOf('教育背景清华大学 · 计算机科学（2018.09 - 2022.06）')).toEqual({
      section: 'education',
      rest: '清华大学 · 计算机科学（2018.09 - 2022.06）',
    });
    expect(headingOf('工作经验丰富，熟悉 Java 与 Go')).toBeUndefined();
  });

  it('keeps Chinese, French and Spanish personal-data and skills headings out of the jobs', () => {
    expect(headingOf('基本信息')?.section).toBe('contact');
    expect(headingOf('Datos personales')?.section).toBe('contact');
    expect(headingOf('核心技能')?.section).toBe('skills');
    expect(headingOf('荣誉证书')?.section).toBe('other');
  });
});

const CHINESE = [
  '李明',
  '后端开发工程师 · 杭州 · liming@example.com · 139 0000 0000',
  '',
  '[1] 教育背景',
  '',
  '浙江大学 软件工程本科（2016.09 - 2020.06）',
  '',
  '[2] 实习经历',
  '',
  '星河数据科技有限公司 数据开发实习生（离线方向）（2019.07 - 2019.09）',
  '· 搭建离线数仓，任务耗时降低 30%',
  '',
  '[3] 项目经历',
  '',
  '日志检索平台（负责人，2019.03 - 2019.06）',
  '· 检索延迟从 2s 降至 200ms',
  '',
  '分布式缓存（核心开发，2018.09 - 2019.01）',
  '· 命中率提升至 95%',
  '',
  '[4] 专业技能',
  '',
  '· 后端：Go、Rust；熟练掌握 Kafka，熟悉 ClickHouse',
].join('\n');

describe('a Chinese resume', () => {
  const resume = extractResumeLocally(CHINESE, NOW);

  it('counts the internships, not the projects, as jobs', () => {
    expect(resume.experience).toHaveLength(1);
    expect(resume.education).toHaveLength(1);
  });

  it('splits a Chinese employer from the title after it, keeping the title’s own brackets', () => {
    expect(resume.experience[0]?.company).toBe('星河数据科技有限公司');
    expect(resume.experience[0]?.title).toBe('数据开发实习生（离线方向）');
  });

  it('splits skills at 、 ； ，and drops how well before the skill', () => {
    expect(resume.skills.technical).toEqual(expect.arrayContaining(['Go', 'Rust', 'Kafka', 'ClickHouse']));
  });

  it('finds a Chinese city in the contact line', () => {
    expect(resume.personalInfo.location).toBe('杭州');
  });
});

describe('places written in Chinese', () => {
  it('reads a city alone, by its administrative word, or after a residence label', () => {
    expect(findLocation(['王小明', '138 0000 0000 · | wang@example.com · | 深圳'], noSkill)).toBe('深圳');
    expect(findLocation(['王小明', 'wang@example.com · 湖北省武汉市'], noSkill)).toBe('湖北省武汉市');
    expect(findLocation(['王小明', '· 所在城市：成都市'], noSkill)).toBe('成都市');
  });

  it('does not take a degree or a school for a place', () => {
    expect(findLocation(['王小明', '本科 · 清华大学'], noSkill)).toBe('');
  });
});

describe('sections printed side by side', () => {
  it('gives each column of a row to the heading above it', () => {
    const text = [
      '周芳',
      'zhoufang@example.com',
      '',
      '实习经历 | 项目经历',
      '',
      '远山网络有限公司（2021.07 - 2021.09） | 推荐系统重构（负责人）',
      '算法实习生 | · 点击率提升 8%',
      '',
      '专业技能 | 荣誉证书',
      '',
      '语言：Python / Scala | 2020.10 数学建模竞赛 一等奖',
    ].join('\n');
    const resume = extractResumeLocally(text, NOW);
    expect(resume.experience).toHaveLength(1);
    expect(resume.experience[0]?.company).toBe('远山网络有限公司');
    expect(resume.experience[0]?.title).toBe('算法实习生');
    expect(resume.skills.technical).toEqual(expect.arrayContaining(['Python', 'Scala']));
  });
});

describe('a Chinese name printed after the main column', () => {
  it('finds a name of a common surname beside the contact details, not any short Chinese line', () => {
    const lines = ['教育背景', '浙江大学 · 软件工程（2016.09 - 2020.06）', '荣誉证书', '· 2019.10 数学建模竞赛 一等奖', '陈思远', '电话：139 0000 0000', '邮箱：chen@example.com'];
    expect(findName(lines, ['chen'])).toBe('陈思远');
    expect(findName(['教育背景', '浙江大学 · 软件工程（2016.09 - 2020.06）', '荣誉证书', '数学建模'], [])).toBe('');
  });
});
