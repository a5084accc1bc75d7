import { createLucideIcon as lucidesCreateIcon, type LucideIconData, type LucideProps } from 'lucide-react';
import { render } from '@testing-library/react';
import { createRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import createLucideIcon from './lucide-icon';

// Icon data as lucide-react's icon modules hold it (map-pin's, and one with aliases and a non-square box).
const MAP_PIN: LucideIconData = {
  name: 'map-pin',
  size: 24,
  node: [
    ['path', { d: 'M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0', key: '1r0f0z' }],
    ['circle', { cx: '12', cy: '10', r: '3', key: 'ilqhr7' }],
  ],
};
const WIDE: LucideIconData = {
  name: 'wide-thing',
  aliases: ['wide', ' ', 'broad'],
  width: 32,
  height: 16,
  node: [['rect', { x: '1', y: '1', width: '30', height: '14', key: 'a' }]],
};

const PROPS: Array<[string, LucideProps]> = [
  ['no props', {}],
  ['a class', { className: 'size-4 text-muted-foreground' }],
  ['a class repeating lucide’s own', { className: 'lucide  lucide-map-pin extra' }],
  ['aria-hidden given', { 'aria-hidden': true, className: 'mr-2' }],
  ['a label (no aria-hidden added)', { 'aria-label': 'Location' }],
  ['a role', { role: 'img' }],
  ['an aria prop set to undefined', { 'aria-label': undefined }],
  ['size', { size: 16 }],
  ['width and height over size', { size: 16, width: 20, height: 10 }],
  ['stroke width', { strokeWidth: 1.5 }],
  ['absolute stroke width', { size: 48, strokeWidth: 3, absoluteStrokeWidth: true }],
  ['non-scaling stroke', { nonScalingStroke: true }],
  ['a colour', { color: 'red' }],
  ['an empty colour', { color: '' }],
  ['other attributes', { id: 'pin', style: { opacity: 0.5 }, 'data-testid': 'pin' } as LucideProps],
  ['children', { children: <title>Pin</title> }],
];

describe('createLucideIcon (the build’s, ADR 102)', () => {
  for (const icon of [MAP_PIN, WIDE]) {
    const Ours = createLucideIcon(icon);
    const Lucides = lucidesCreateIcon(icon);
    it.each(PROPS)(`renders ${icon.name} as lucide-react does: %s`, (_name, props) => {
      expect(renderToStaticMarkup(<Ours {...props} />)).toBe(renderToStaticMarkup(<Lucides {...props} />));
    });
  }

  it('gives its ref the svg element', () => {
    const Ours = createLucideIcon(MAP_PIN);
    const ref = createRef<SVGSVGElement>();
    const { container } = render(<Ours ref={ref} />);
    expect(ref.current).toBe(container.querySelector('svg.lucide-map-pin'));
    expect(ref.current).not.toBeNull();
  });
});
