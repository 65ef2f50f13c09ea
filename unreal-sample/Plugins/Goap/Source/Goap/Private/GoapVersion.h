#pragma once

#include <cstdint>

// Engine-independent: whether a library version (goap_version(): major << 16 | minor << 8 |
// patch) is compatible with the header's GOAP_VERSION_MAJOR/MINOR (the same rule as
// goap::World::create: the same major, and the same minor while the major is 0).
namespace GoapVersion
{
	constexpr bool IsCompatible(uint32_t Library, int HeaderMajor, int HeaderMinor)
	{
		return (Library >> 16) == static_cast<uint32_t>(HeaderMajor)
			&& (HeaderMajor != 0 || ((Library >> 8) & 0xffu) == static_cast<uint32_t>(HeaderMinor));
	}

	static_assert(IsCompatible(0x000100u, 0, 1), "0.1.0 matches 0.1");
	static_assert(IsCompatible(0x000107u, 0, 1), "a patch does not matter");
	static_assert(!IsCompatible(0x000200u, 0, 1), "0.2 does not match 0.1");
	static_assert(IsCompatible(0x010300u, 1, 0), "1.3 matches 1.0");
	static_assert(!IsCompatible(0x020000u, 1, 0), "2.0 does not match 1.0");
}
