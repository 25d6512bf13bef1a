/**
 * The admin's time zone and how a page says it (once, in the layout; no date repeats it). No
 * luxon here: the layouts' browser bundle imports this file.
 */
export const ADMIN_ZONE = "Asia/Kolkata";
