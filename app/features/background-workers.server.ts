import type { BackgroundWorker, Platform } from "~/platform/runtime.server";
import { HousekeepingWorker } from "./accounts/housekeeping.server";
import { AdoptionScheduleWorker } from "./adoptions/adoption-schedule.server";
import { CalendarSyncWorker } from "./calendar-sync/calendar-sync.server";
import { UploadSweepWorker } from "./content/uploads.server";

/** The features' scheduled work, started with each server's platform and stopped with it. */
export function startBackgroundWorkers(platform: Platform): BackgroundWorker[] {
  const calendarSync = new CalendarSyncWorker(platform);
  calendarSync.start();
  const adoptionSchedule = new AdoptionScheduleWorker(platform);
  adoptionSchedule.start();
  const uploadSweep = new UploadSweepWorker(platform);
  uploadSweep.start();
  const housekeeping = new HousekeepingWorker(platform);
  housekeeping.start();
  return [calendarSync, adoptionSchedule, uploadSweep, housekeeping];
}
