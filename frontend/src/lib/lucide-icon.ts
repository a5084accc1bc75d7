import type { LucideIcon, LucideIconData, LucideProps } from 'lucide-react';
import { createElement, forwardRef, type ReactNode } from 'react';

/**
 * lucide-react's `createLucideIcon`, for the build (ADR 102): `vite.config.ts` points every icon
 * module of lucide-react at this one instead of the package's, whose generic `Icon` (a context
 * for a `LucideProvider` this app does not use, attribute-name tables, class de-duplication over
 * helpers) was ~1 kB gzipped of the /jobs first load. It renders the same `<svg>` for the props the
 * app passes, attribute for attribute (`lucide-icon.test.tsx` compares the two on every prop).
 * Tests and the build's pre-render use lucide-react's own.
 */
export default function createLucideIcon(icon: LucideIconData): LucideIcon {
  return forwardRef<SVGSVGElement, LucideProps>(
    ({ color, size, width, height, strokeWidth, absoluteStrokeWidth, nonScalingStroke, className = '', children, ...rest }, ref) => {
      const viewWidth = icon.size ?? icon.width ?? 24;
      const drawnWidth = width ?? size ?? 24;
      const stroke = strokeWidth ?? 2;
      const classes = new Set(
        ['lucide', icon.name && `lucide-${icon.name}`, ...(icon.aliases ?? []).map((alias) => alias.trim() && `lucide-${alias}`), ...className.split(/\s+/)].filter(
          (token): token is string => !!token,
        ),
      );
      const hasA11yProp = Object.keys(rest).some(
        (prop) => (prop.startsWith('aria-') || prop === 'role' || prop === 'title') && rest[prop as keyof typeof rest] != null,
      );
      return createElement(
        'svg',
        {
          ref,
          xmlns: 'http://www.w3.org/2000/svg',
          width: drawnWidth,
          height: height ?? size ?? 24,
          viewBox: `0 0 ${viewWidth} ${icon.size ?? icon.height ?? 24}`,
          fill: 'none',
          stroke: color || 'currentColor',
          strokeWidth: absoluteStrokeWidth ? (Number(stroke) * Number(viewWidth)) / Number(drawnWidth) : stroke,
          strokeLinecap: 'round',
          strokeLinejoin: 'round',
          className: [...classes].join(' '),
          ...(children || hasA11yProp ? {} : { 'aria-hidden': 'true' }),
          ...rest,
        },
        [
          ...icon.node.map(([tag, attributes]) =>
            createElement(tag, nonScalingStroke ? { vectorEffect: 'non-scaling-stroke', ...attributes } : attributes),
          ),
          ...(Array.isArray(children) ? (children as ReactNode[]) : [children]),
        ],
      );
    },
  );
}
