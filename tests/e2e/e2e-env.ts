import os from 'node:os';
import path from 'node:path';

/** Where the browser tests' server runs and keeps its data (wiped at every run). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = path.join(os.tmpdir(), `vintry-e2e-${E2E_PORT}`);
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '.artifacts/screenshots');

export const DEMO = { email: 'demo@vintry.test', password: 'Vintry2026' };
/** A second account for the reset-password journey, so the demo password never changes. */
export const RESET_USER = { email: 'reset.me@vintry.test', password: 'Before2026' };
/**
 * An account in a business of its own for the settings journeys, so that its columns and
 * custom fields never change what the other tests see. Its catalogue is empty (sample data).
 */
export const SETTINGS_USER = {
  email: 'settings@vintry.test',
  password: 'Settings2026',
  business: 'Settings Test Cellar',
};

/** A business of its own for the API Examples journey, whose products it creates and deletes. */
export const EXAMPLES_USER = {
  email: 'examples@vintry.test',
  password: 'Examples2026',
  business: 'Examples Test Cellar',
};

/** A business of its own for the scanning journeys, whose products they make with their barcodes. */
export const SCAN_USER = {
  email: 'scan@vintry.test',
  password: 'Scanning2026',
  business: 'Scan Test Cellar',
};

/** A business of its own for the import journey, whose catalogue it fills from a file. */
export const IMPORT_USER = {
  email: 'import@vintry.test',
  password: 'Importing2026',
  business: 'Import Test Cellar',
};

/** A new shop of its own for the first real day: its own price list imported, then sold. */
export const FIRST_DAY_USER = {
  email: 'first.day@vintry.test',
  password: 'FirstDay2026',
  business: 'Harbour Cellars',
};

/** A business of its own for the alerts journey: its badge counts only what the journey makes. */
export const ALERTS_USER = {
  email: 'alerts@vintry.test',
  password: 'Alerting2026',
  business: 'Alerts Test Cellar',
};

/** A business of its own for the reports journey: its figures are only what the journey sells. */
export const REPORTS_USER = {
  email: 'reports@vintry.test',
  password: 'Reporting2026',
  business: 'Reports Test Cellar',
};

/** The owner of a business of its own for the Team & Permissions journey. */
export const TEAM_OWNER = {
  email: 'owner@teamtest.test',
  password: 'TeamOwner2026',
  business: 'Team Test Cellar',
};

/**
 * A colleague of the demo owner on the offline journeys' server, for the shared tablet: the
 * same business, a different person (a manager).
 */
export const COLLEAGUE = {
  email: 'sam.second@vintry.test',
  password: 'Colleague2026',
  business: 'Demo Cellar',
  name: 'Sam Second',
};

/** A member of staff of the demo business, for the POS's discount approval. */
export const TILL_STAFF = {
  email: 'till.staff@vintry.test',
  password: 'TillStaff2026',
  business: 'Demo Cellar',
  name: 'Tess Till',
};

/** A manager of the demo business who approves the staff's discounts with their own PIN. */
export const TILL_MANAGER = {
  email: 'till.manager@vintry.test',
  password: 'TillManager2026',
  business: 'Demo Cellar',
  name: 'Max Manager',
};

/** The owner of a business of its own for buying and receiving, and a member of its staff. */
export const BUYER = {
  email: 'owner@buyingtest.test',
  password: 'Buying2026',
  business: 'Buying Test Cellar',
  name: 'Bea Buyer',
};
export const RECEIVER = {
  email: 'staff@buyingtest.test',
  password: 'Receiving2026',
  business: 'Buying Test Cellar',
  name: 'Rory Receiver',
};

export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/chromium.ts';
