import { Flex } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  ExclamationCircleOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import {
  EXPIRY_ALERT_DAYS,
  EXPIRY_DANGER_DAYS,
  type LOT_COLORS,
  type STOCK_COLORS,
} from '@clinica/domain';
import { ToneTag, type Tone } from '../../shared/Tone';

/**
 * The inventory's colours (spec 001 §4, CONTRACT §9), each with its words: a row or a lot is
 * never marked by colour alone, its tag says why, for whoever cannot tell the colours apart.
 */

export type StockColor = (typeof STOCK_COLORS)[number];
export type LotColor = (typeof LOT_COLORS)[number];

interface ColorInfo {
  tone: Tone;
  label: string;
  /** What the colour means, for the legend. */
  meaning: string;
  icon: ReactNode;
}

export const STOCK_COLOR_INFO: Record<StockColor, ColorInfo> = {
  danger: {
    tone: 'red',
    label: 'Caducidad',
    meaning: `Un lote caducado o que caduca en menos de ${EXPIRY_DANGER_DAYS} días`,
    icon: <ExclamationCircleOutlined />,
  },
  volcano: {
    tone: 'orange',
    label: 'Fuera de máx./mín.',
    meaning: 'Cantidad por encima del máximo o por debajo del mínimo',
    icon: <WarningOutlined />,
  },
};

export const LOT_COLOR_INFO: Record<LotColor, ColorInfo> = {
  danger: {
    tone: 'red',
    label: 'Caducado',
    meaning: 'Caducado (0 días o menos)',
    icon: <ExclamationCircleOutlined />,
  },
  warning: {
    tone: 'orange',
    label: `Caduca en ${EXPIRY_DANGER_DAYS} días o menos`,
    meaning: `Caduca en ${EXPIRY_DANGER_DAYS} días o menos`,
    icon: <WarningOutlined />,
  },
  alert: {
    tone: 'gold',
    label: `Caduca en ${EXPIRY_ALERT_DAYS} días o menos`,
    meaning: `Caduca en ${EXPIRY_ALERT_DAYS} días o menos`,
    icon: <ClockCircleOutlined />,
  },
  okay: {
    tone: 'green',
    label: 'Vigente',
    meaning: `Caduca en más de ${EXPIRY_ALERT_DAYS} días, o no caduca`,
    icon: <CheckCircleOutlined />,
  },
};

function ColorTag({ info }: { info: ColorInfo }) {
  return (
    <ToneTag tone={info.tone}>
      <span aria-hidden="true" style={{ marginInlineEnd: 4 }}>
        {info.icon}
      </span>
      {info.label}
    </ToneTag>
  );
}

/** A stock row's alert in words; nothing when the row has no colour. */
export function StockColorTag({ color }: { color: StockColor | null }) {
  return color ? <ColorTag info={STOCK_COLOR_INFO[color]} /> : null;
}

export function LotColorTag({ color }: { color: LotColor }) {
  return <ColorTag info={LOT_COLOR_INFO[color]} />;
}

/** The list's legend: what each row colour means, with the tag the row carries. */
export function StockLegend() {
  return (
    <Flex
      wrap
      gap={16}
      align="center"
      className="stock-legend"
      role="note"
      aria-label="Leyenda de colores del inventario"
    >
      <span className="stock-legend__title">Leyenda:</span>
      {(Object.keys(STOCK_COLOR_INFO) as StockColor[]).map((color) => (
        <Flex key={color} gap={8} align="center">
          <span className={`stock-legend__swatch stock-row--${color}`} aria-hidden="true" />
          <ColorTag info={STOCK_COLOR_INFO[color]} />
          <span className="stock-legend__meaning">{STOCK_COLOR_INFO[color].meaning}</span>
        </Flex>
      ))}
    </Flex>
  );
}
