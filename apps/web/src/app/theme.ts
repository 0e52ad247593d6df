import type { ThemeConfig } from 'antd';

/** The clinic's look: calm teal, warm neutrals, generous radius. */
export const BRAND = {
  primary: '#0f766e',
  primaryDark: '#0b4f4a',
  ink: '#10201f',
  accent: '#c08457',
  canvas: '#f4f7f6',
} as const;

/**
 * Text of a disabled field (a locked SKU, a select waiting for another choice) that can still be
 * read: WCAG exempts it, but staff read those values. The grey background marks it as locked.
 */
const readableDisabled = { colorTextDisabled: '#5f6b6a' };

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
    // Darker than antd's defaults so hints and placeholders pass WCAG AA contrast (4.5:1), also on
    // the grey of a disabled field.
    colorTextDescription: '#51605f',
    colorTextTertiary: '#5b6a69',
    colorTextPlaceholder: '#616e6d',
    // antd's red (#ff4d4f) is 3.3:1 on white: field messages in it fail AA. This one is 6:1.
    colorError: '#c4161c',
    // antd's green (#52c41a) is 2.4:1 on white: a positive difference in it fails AA. This is 7:1.
    colorSuccess: '#166534',
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
    // The off track carries white text ("Inactivo", "No"): dark enough for 4.5:1.
    Switch: { colorTextQuaternary: '#6b7877', colorTextTertiary: '#51605f' },
    Select: readableDisabled,
    Input: readableDisabled,
    InputNumber: readableDisabled,
    DatePicker: readableDisabled,
    Card: { borderRadiusLG: 12 },
  },
};
