/* Input of plugin_missing.c: a plugin built for an older plugin API. */
#include "PluginAPI.h"

static cot_plugin_api Api = {COT_PLUGIN_API_VERSION - 1, 0, "x86_64"};

const cot_plugin_api *__cot_plugin_get_api(void) { return &Api; }
