import base from './vite.config.ts';
const b = base as any;
const gs = b.build.rolldownOptions.output.codeSplitting.groups;
const app = gs.find((g: any) => g.name === 'app'); const board = gs.find((g: any) => g.name === 'board');
app.test = new RegExp(app.test.source + '|' + board.test.source + (process.env.WITH_MAIN ? '|frontend[\\/]src[\\/]main\\.tsx' : ''));
b.build.rolldownOptions.output.codeSplitting.groups = gs.filter((g: any) => g.name !== 'board');
b.build.outDir = process.env.OUT ?? '/tmp/fl-oneapp';
export default b;
