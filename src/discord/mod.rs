//! The Discord front end: poise commands, autocomplete, buttons and message formatting,
//! a thin translation between Discord and the service.
