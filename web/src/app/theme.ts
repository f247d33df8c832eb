import type { ThemeConfig } from 'antd';

/** Brand colour rgb(81 59 253) (spec §9). */
export const BRAND_COLOR = '#513bfd';

export const theme: ThemeConfig = {
  token: { colorPrimary: BRAND_COLOR, borderRadius: 8 },
};
