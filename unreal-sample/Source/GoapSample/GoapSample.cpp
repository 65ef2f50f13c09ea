#include "GoapSample.h"

#include "Modules/ModuleManager.h"

DEFINE_LOG_CATEGORY(LogGoapSample);

IMPLEMENT_PRIMARY_GAME_MODULE(FDefaultGameModuleImpl, GoapSample, "GoapSample");
