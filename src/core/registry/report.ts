/**
 * The report's schema with every system's decisions in it (RuleSystem.decisions), composed here so
 * the engine's report names no system: what `battle-odds schema --report` publishes
 * (schema/report.schema.json) and what tests check reports against.
 */
import { z } from 'zod';
import { decisionsSchema, reportSchemas } from '../model/report.js';
import { SYSTEMS } from './systems.js';

/** The decisions every system shares, then each system's own, in the registry's order. */
export const publishedDecisionsSchema = z
  .object({ ...decisionsSchema.shape, ...Object.assign({}, ...SYSTEMS.map((s) => s.decisions?.() ?? {})) })
  .describe(decisionsSchema.description ?? '');

const schemas = reportSchemas(publishedDecisionsSchema);
export const battleReportSchema = schemas.battle;
export const scenarioReportSchema = schemas.scenario;
