import type { Driver, Record as Neo4jRecord, Session } from 'neo4j-driver';
import { RhizomeError } from '../../errors/rhizome-error.js';
import { loadOptionalPeer } from '../../package/optional-peers.js';
import type { CypherLimits } from '../store.js';
import { assertServerSupported, describeConnectionFailure, describeQueryFailure, describeReadOnlyFailure } from './neo4j-errors.js';
import type { Neo4jSettings } from './neo4j-settings.js';
import { toDriverParameters, toPlainValue, type Neo4jDriverModule } from './neo4j-values.js';

/** One result row as plain data. */
export type Neo4jRow = Record<string, unknown>;

/** Runs statements inside a transaction the caller owns. */
export interface StatementRunner {
  run(statement: string, parameters?: Record<string, unknown>): Promise<Neo4jRow[]>;
}

async function loadDriverModule(): Promise<Neo4jDriverModule> {
  return (await loadOptionalPeer('neo4j-driver', 'store.backend "neo4j"', () => import('neo4j-driver'))).default;
}

/**
 * A driver bound to one Neo4j database. Integers come back as JS numbers; every statement is
 * parameterised; writes the caller groups run in one explicit transaction.
 */
export class Neo4jConnection {
  private constructor(
    private readonly driverModule: Neo4jDriverModule,
    private readonly driver: Driver,
    readonly settings: Neo4jSettings,
    /** The server version `dbms.components()` reported, such as "5.26.30". */
    readonly serverVersion: string,
  ) {}

  /** Connects, authenticates and checks the server version; each failure names what to fix. */
  static async open(settings: Neo4jSettings): Promise<Neo4jConnection> {
    const driverModule = await loadDriverModule();
    let driver: Driver;
    try {
      const authToken = settings.password === null ? undefined : driverModule.auth.basic(settings.username, settings.password);
      driver = driverModule.driver(settings.uri, authToken, { disableLosslessIntegers: true, connectionTimeout: 15_000, userAgent: 'rhizome' });
    } catch (cause) {
      throw new RhizomeError('CONFIG_INVALID', `field "store.neo4j.uri" (or NEO4J_URI): "${settings.uri}" is not a usable Neo4j URI (${(cause as Error).message}); use bolt://host:7687 or neo4j://host:7687`, { cause });
    }
    let component: Record<string, unknown> | undefined;
    try {
      await driver.verifyConnectivity(settings.database ? { database: settings.database } : {});
      const session = driver.session({ defaultAccessMode: driverModule.session.READ, ...(settings.database ? { database: settings.database } : {}) });
      try {
        const result = await session.run('CALL dbms.components() YIELD versions, edition RETURN versions[0] AS version, edition');
        component = result.records[0]?.toObject();
      } finally {
        await session.close();
      }
    } catch (cause) {
      await driver.close().catch(() => undefined);
      throw describeConnectionFailure(cause, settings);
    }
    const version = String(component?.version ?? 'unknown');
    try {
      assertServerSupported(version, String(component?.edition ?? ''), settings.uri);
    } catch (error) {
      await driver.close().catch(() => undefined);
      throw error;
    }
    return new Neo4jConnection(driverModule, driver, settings, version);
  }

  /** Runs one auto-commit statement (schema, meta, reads) and returns every row. */
  async run(statement: string, parameters: Record<string, unknown> = {}, mode: 'read' | 'write' = 'write'): Promise<Neo4jRow[]> {
    const session = this.session(mode);
    try {
      const result = await session.run(statement, parameters);
      return result.records.map((record) => this.toRow(record));
    } catch (cause) {
      throw describeQueryFailure(cause, statement, this.settings);
    } finally {
      await session.close();
    }
  }

  /** Runs `work` in one explicit write transaction: everything it wrote is committed, or nothing. */
  async writeTransaction<T>(work: (runner: StatementRunner) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const session = this.session('write');
    const transaction = session.beginTransaction();
    try {
      const runner: StatementRunner = {
        run: async (statement, parameters = {}) => {
          if (signal?.aborted === true) throw new RhizomeError('ABORTED', 'the write was cancelled', { cause: signal.reason });
          try {
            const result = await transaction.run(statement, parameters);
            return result.records.map((record) => this.toRow(record));
          } catch (cause) {
            throw describeQueryFailure(cause, statement, this.settings);
          }
        },
      };
      const value = await work(runner);
      await transaction.commit();
      return value;
    } catch (error) {
      if (transaction.isOpen()) await transaction.rollback().catch(() => undefined);
      throw error;
    } finally {
      await session.close();
    }
  }

  /**
   * Runs user Cypher in a READ transaction (the server refuses any write in it) with a
   * timeout, reading at most `rowLimit` rows.
   */
  async runReadOnly(query: string, parameters: Record<string, unknown>, limits: CypherLimits): Promise<Neo4jRow[]> {
    const session = this.session('read');
    try {
      return await session.executeRead(async (transaction) => {
        const rows: Neo4jRow[] = [];
        for await (const record of transaction.run(query, toDriverParameters(this.driverModule, parameters) as Record<string, unknown>)) {
          if (rows.length >= limits.rowLimit) break;
          rows.push(this.toRow(record));
        }
        return rows;
      }, limits.timeoutMs > 0 ? { timeout: limits.timeoutMs } : {});
    } catch (cause) {
      throw describeReadOnlyFailure(cause, limits, this.settings);
    } finally {
      await session.close();
    }
  }

  /** Closes the driver and its connection pool. */
  async close(): Promise<void> {
    await this.driver.close();
  }

  private session(mode: 'read' | 'write'): Session {
    const accessMode = mode === 'read' ? this.driverModule.session.READ : this.driverModule.session.WRITE;
    return this.driver.session({ defaultAccessMode: accessMode, ...(this.settings.database ? { database: this.settings.database } : {}) });
  }

  private toRow(record: Neo4jRecord): Neo4jRow {
    const row: Neo4jRow = {};
    for (const key of record.keys) row[String(key)] = toPlainValue(this.driverModule, record.get(key));
    return row;
  }
}
