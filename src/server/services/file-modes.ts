/**
 * What the server writes under DATA_DIR (the database, mail holding reset links, licenses, the
 * secrets) is for the server's own user only. The umask set at start covers every file; these
 * modes are also passed where files are created, so an embedder of buildApp gets them too.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;
/** Leaves no permission for group or others on anything the process creates. */
export const PRIVATE_UMASK = 0o077;
