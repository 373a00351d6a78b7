import { AppError } from '../shared/app-error.js';
import { AppCallFailed } from './borrower-driver.js';
import { withSession, type BorrowerState, type SimulationState } from './simulation-state.js';

/**
 * 09:00: the day's new borrowers sign in, fill in their profile and bank account (seven
 * seconds apart); some will apply today.
 */
export async function registerArrivals(sim: SimulationState, date: string, day: number) {
  const { clock } = sim.world;
  clock.setIndia(date, 9);
  for (const state of sim.borrowers) {
    if (state.profile.arrivalDay !== day) continue;
    clock.set(new Date(clock.now().getTime() + 7_000));
    try {
      await register(sim, state, date);
    } catch (error) {
      if (!(error instanceof AppCallFailed)) throw error;
    }
  }
}

/** 10:00: borrowers due to apply today (first loans and re-loans) apply, five seconds apart. */
export async function applyToday(sim: SimulationState, date: string) {
  const { clock } = sim.world;
  clock.setIndia(date, 10);
  for (const state of sim.borrowers) {
    if (state.applyOn !== date || !state.token) continue;
    clock.set(new Date(clock.now().getTime() + 5_000));
    try {
      await apply(sim, state);
    } catch (error) {
      if (!(error instanceof AppCallFailed) && !(error instanceof AppError)) throw error;
      sim.counters.applyRefusals += 1;
    }
  }
}

async function register(sim: SimulationState, state: BorrowerState, date: string) {
  const { driver, counters } = sim;
  const { profile } = state;
  const session = await driver.signIn(profile.phone, profile.channel, state.address);
  counters.registrations += 1;
  state.token = session.token;
  await driver.saveProfile(session.token, state.address, {
    name: profile.name,
    birthDate: profile.birthDate,
    region: profile.region,
    occupation: profile.occupation,
    monthlyIncomePaise: profile.monthlyIncomePaise,
    pan: profile.pan,
    aadhaar: profile.aadhaar,
  });
  await driver.saveBank(session.token, state.address, profile.bank);
  await sim.walletWork.afterRegistration(profile.phone);
  await sim.drain();
  if (sim.draws.behaviour.chance(profile.appliesProbability)) state.applyOn = date;
}

async function apply(sim: SimulationState, state: BorrowerState) {
  const { driver, counters } = sim;
  const { profile } = state;
  state.applyOn = undefined;
  const products = await withSession(sim, state, (token) => driver.products(token, state.address));
  const product = products.list[0];
  if (!product) return;
  const principal = Math.min(
    Math.max(profile.principalPaise * (state.loans > 0 ? 2 : 1), product.minPrincipalPaise),
    product.maxPrincipalPaise,
  );
  await withSession(sim, state, (token) =>
    driver.quote(token, state.address, product.productId, principal),
  );
  try {
    const order = await withSession(sim, state, (token) =>
      driver.apply(token, state.address, profile.phone, product.productId, principal),
    );
    counters.applications += 1;
    state.orderId = order.orderId;
    state.loans += 1;
    state.plan = undefined;
    sim.stateOfOrder.set(order.orderId, state);
  } catch (error) {
    if (!(error instanceof AppCallFailed)) throw error;
    counters.applyRefusals += 1;
  }
  await sim.drain();
}
