#ifndef KBPLAY_CREADLINE_SHIM_H
#define KBPLAY_CREADLINE_SHIM_H
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
#endif
