#pragma once

#include "CoreMinimal.h"

GOAPSAMPLE_API DECLARE_LOG_CATEGORY_EXTERN(LogGoapSample, Log, All);
