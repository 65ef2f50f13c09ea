#include "GoapSettings.h"

UGoapSettings::UGoapSettings()
{
}

FName UGoapSettings::GetCategoryName() const
{
	return FName(TEXT("Plugins"));
}
