/** What the public market subscriptions deliver (ticker, maintenance), in the gateway's shapes. */

export interface TickerModel {
  symbol: string;
  open: number;
  close: number;
  high: number;
  low: number;
  volume: number;
  amount: number;
  count: number;
}

export interface MaintenanceStatusModel {
  /** 0 normal, 2 maintenance (the wire code). */
  code: number;
  underMaintenance: boolean;
  startTime: number | null;
  endTime: number | null;
}
