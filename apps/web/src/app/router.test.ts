import { describe, expect, it } from 'vitest';
import { agendaFeature } from '../features/agenda/feature';
import { homeFeature } from '../features/home/feature';
import { chunksFor } from './router';

describe('the chunks a screen needs, asked for at once before the first paint', () => {
  it('names the layout and the home page for /, /dashboard and the home', () => {
    for (const path of ['/', '/dashboard', '/dashboard/', '/dashboard/inicio']) {
      const loads = chunksFor(path);
      expect(loads, path).toHaveLength(2);
      expect(loads[1], path).toBe(homeFeature.page);
    }
  });

  it('names the layout, the section’s guard and the page, or the record’s form', () => {
    const grid = chunksFor('/dashboard/agenda');
    expect(grid).toHaveLength(3);
    expect(grid[2]).toBe(agendaFeature.page);
    expect(chunksFor('/dashboard/agenda/15')[2]).toBe(agendaFeature.record);
  });

  it('names nothing for a public screen', () => {
    expect(chunksFor('/login')).toEqual([]);
    expect(chunksFor('/forgot-password')).toEqual([]);
  });
});
