#pragma once

#include "CoreMinimal.h"
#include "GoapNative.h"

#include <string>
#include <string_view>

// The library speaks UTF-8; Unreal speaks TCHAR.
namespace GoapStrings
{
	/** UTF-8 copy of an Unreal string, viewable as std::string_view for as long as it lives. */
	class FUtf8
	{
	public:
		explicit FUtf8(const FString& Text) : Converted(*Text) {}
		std::string_view View() const { return std::string_view(reinterpret_cast<const char*>(Converted.Get()), Converted.Length()); }

	private:
		FTCHARToUTF8 Converted;
	};

	inline FString ToFString(const std::string& Utf8)
	{
		// Names and messages never contain NUL (the library rejects it in names).
		return FString(UTF8_TO_TCHAR(Utf8.c_str()));
	}

	inline FString Message(const goap::Error& Error)
	{
		return ToFString(Error.message());
	}
}
