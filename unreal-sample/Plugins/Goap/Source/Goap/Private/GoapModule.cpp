#include "GoapModule.h"

#include "GoapLog.h"
#include "GoapNative.h"

DEFINE_LOG_CATEGORY(LogGoap);

void FGoapModule::StartupModule()
{
	// A static library cannot be swapped behind the headers' back, but a stale staged copy
	// can: say so once, here, instead of failing later in every World::create.
	const uint32 Version = goap_version();
	const uint32 Major = Version >> 16;
	const uint32 Minor = (Version >> 8) & 0xffu;
	if (Major != GOAP_VERSION_MAJOR || (GOAP_VERSION_MAJOR == 0 && Minor != GOAP_VERSION_MINOR))
	{
		UE_LOG(LogGoap, Error, TEXT("The linked goap library is version %s but goap.h is %d.%d: stage matching files with scripts/unreal-stage-library.sh. GOAP agents will not be created."),
			UTF8_TO_TCHAR(goap_version_string()), GOAP_VERSION_MAJOR, GOAP_VERSION_MINOR);
	}
	else
	{
		UE_LOG(LogGoap, Log, TEXT("goap %s"), UTF8_TO_TCHAR(goap_version_string()));
	}
}

IMPLEMENT_MODULE(FGoapModule, Goap)
