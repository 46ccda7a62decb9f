//! Board images: a position drawn as a PNG from any seat. Depends on the engine only.
