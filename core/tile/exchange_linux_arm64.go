package tile

import "syscall"

// sysRenameat2 is renameat2's system call number.
const sysRenameat2 = syscall.SYS_RENAMEAT2
