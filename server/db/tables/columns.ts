// The column types every table file shares.
import type { ColumnType, Generated } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Id = Generated<number>;
export type Counter = ColumnType<number, number | undefined, number>;
