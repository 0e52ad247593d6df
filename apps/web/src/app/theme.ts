import type { ThemeConfig } from 'antd';

/** The clinic's look: calm teal, warm neutrals, generous radius. */
export const BRAND = {
  primary: '#0f766e',
  primaryDark: '#0b4f4a',
  ink: '#10201f',
  accent: '#c08457',
  canvas: '#f4f7f6',
} as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    colorLink: BRAND.primary,
    colorInfo: BRAND.primary,
    colorBgLayout: BRAND.canvas,
    borderRadius: 8,
    fontFamily:
      "'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontSize: 14,
    // Darker than antd's defaults so hints and placeholders pass WCAG AA contrast (4.5:1).
    colorTextDescription: '#51605f',
    colorTextTertiary: '#5b6a69',
    colorTextPlaceholder: '#6b7877',
    controlHeight: 36,
  },
  components: {
    Layout: {
      siderBg: BRAND.primaryDark,
      headerBg: '#ffffff',
      headerHeight: 64,
      headerPadding: '0 24px',
    },
    Menu: {
      darkItemBg: BRAND.primaryDark,
      darkSubMenuItemBg: '#093f3b',
      darkItemSelectedBg: '#d7efeb',
      darkItemSelectedColor: '#0b4f4a',
      darkItemColor: 'rgba(255,255,255,0.86)',
      darkItemHoverColor: '#ffffff',
      darkGroupTitleColor: 'rgba(255,255,255,0.72)',
    },
    Table: { headerBg: '#f0f5f4', headerColor: '#2b3a39' },
    Card: { borderRadiusLG: 12 },
  },
};
