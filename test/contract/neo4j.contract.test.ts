import { defineGraphStoreContract } from './graph-store-contract.js';
import { neo4jTestSettings, neo4jTestStoreOpener } from './neo4j-test-database.js';

const { settings, skip } = neo4jTestSettings();

defineGraphStoreContract('neo4j', settings ? neo4jTestStoreOpener(settings) : () => Promise.reject(new Error('no Neo4j server')), { skip });
