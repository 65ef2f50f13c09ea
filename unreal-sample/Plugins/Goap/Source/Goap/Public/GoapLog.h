#pragma once

#include "CoreMinimal.h"

// Every failure of the plugin is logged here with the library's own message.
GOAP_API DECLARE_LOG_CATEGORY_EXTERN(LogGoap, Log, All);
