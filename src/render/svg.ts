/**
 * SVG backend. Text runs become glyph outlines (one <path> per distinct glyph in <defs>, placed
 * with <use>), so the SVG never contains <text>: librsvg (inside sharp) would pick fonts through
 * fontconfig and the raster would depend on the machine.
 *
 * The SVG is given its size in pixels plus a viewBox in drawing units; sharp mis-sizes SVGs with
 * physical units.
 */
import { type Drawing, type Item, type Paint, type TextItem, num } from './drawing';
import { type FontSet, textWidth } from './fonts';

export interface SvgOptions {
  /** Output size in pixels; the drawing is scaled to fill it. */
  pixelWidth: number;
  pixelHeight: number;
  /** Background under everything (default: none, i.e. transparent). */
  background?: Paint;
}

function xmlEscape(s: string): string {
  return s.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

function paintAttrs(prefix: 'fill' | 'stroke', p: Paint | undefined): string {
  return p ? ` ${prefix}="${p.rgb}"` : prefix === 'fill' ? ' fill="none"' : '';
}

/** Collects glyph outlines once per (font, glyph) and writes the <use> elements of text runs. */
class GlyphOutliner {
  private readonly defs = new Map<string, string>();
  constructor(private readonly fonts: FontSet) {}

  run(item: TextItem): string {
    const loaded = this.fonts[item.font];
    const font = loaded.font;
    const scale = item.size / font.unitsPerEm;
    const width = textWidth(this.fonts, item.font, item.text, item.size);
    let x = item.align === 'left' ? item.x : item.align === 'center' ? item.x - width / 2 : item.x - width;
    const parts: string[] = [];
    for (const glyph of font.layout(item.text).glyphs) {
      const id = `${item.font[0]}${glyph.id}`;
      if (!this.defs.has(id)) this.defs.set(id, glyph.path.toSVG());
      if (this.defs.get(id) !== '') {
        // The scale in full: at three decimals a 5 pt glyph's (0.00244) printed 18 % small.
        parts.push(`<use href="#${id}" transform="matrix(${scale} 0 0 ${-scale} ${num(x)} ${num(item.y)})"/>`);
      }
      x += glyph.advanceWidth * scale;
    }
    return parts.length === 0 ? '' : `<g fill="${item.fill.rgb}">${parts.join('')}</g>`;
  }

  defsSvg(): string {
    const out: string[] = [];
    for (const [id, d] of [...this.defs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (d !== '') out.push(`<path id="${id}" d="${d}"/>`);
    }
    return out.length ? `<defs>${out.join('')}</defs>` : '';
  }
}

function itemSvg(item: Item, outliner: GlyphOutliner): string {
  switch (item.kind) {
    case 'rect':
      return `<rect x="${num(item.x)}" y="${num(item.y)}" width="${num(item.w)}" height="${num(item.h)}"${paintAttrs('fill', item.fill)}${paintAttrs('stroke', item.stroke)}${item.stroke ? ` stroke-width="${num(item.lineWidth ?? 1)}"` : ''}/>`;
    case 'path': {
      let attrs = paintAttrs('fill', item.fill) + paintAttrs('stroke', item.stroke);
      if (item.stroke) {
        attrs += ` stroke-width="${num(item.lineWidth ?? 1)}" stroke-linejoin="round"`;
        if (item.lineCap === 'round') attrs += ' stroke-linecap="round"';
        if (item.dash && item.dash.length) attrs += ` stroke-dasharray="${item.dash.map(num).join(' ')}"`;
      }
      return `<path d="${item.d}"${attrs}/>`;
    }
    case 'text':
      return outliner.run(item);
    case 'image': {
      const href = `data:image/${item.art.format};base64,${Buffer.from(item.art.data).toString('base64')}`;
      return `<image x="${num(item.x)}" y="${num(item.y)}" width="${num(item.w)}" height="${num(item.h)}" preserveAspectRatio="none" href="${href}"/>`;
    }
  }
}

/** The drawing as a standalone SVG document without any <text> element. */
export function drawingToSvg(drawing: Drawing, fonts: FontSet, options: SvgOptions): string {
  const outliner = new GlyphOutliner(fonts);
  const body: string[] = [];
  if (options.background)
    body.push(`<rect x="0" y="0" width="${num(drawing.width)}" height="${num(drawing.height)}" fill="${options.background.rgb}"/>`);
  for (const item of drawing.items) body.push(itemSvg(item, outliner));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${options.pixelWidth}" height="${options.pixelHeight}" viewBox="0 0 ${num(drawing.width)} ${num(drawing.height)}">` +
    outliner.defsSvg() +
    body.join('') +
    '</svg>'
  );
}

export { xmlEscape };
