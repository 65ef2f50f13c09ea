// A minimal, typed stand-in for the parts of Unreal Engine the goap plugin's C++ uses, so that
// `g++ -fsyntax-only` can check the plugin's calls into goap.hpp / goap.h without an engine.
// NOT Unreal: the reflection macros expand to nothing, containers sit on the standard library,
// and only the signatures the plugin calls exist (with Unreal's names, types and constness).
// What it does model on purpose: check()/verify()/ensure() as function-like macros (they
// collide with third-party identifiers), case-insensitive FName, and format arguments that
// must be scalars or pointers (passing an FString instead of *FString is a classic bug).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

// ---- core types and macros
typedef std::uint8_t uint8;
typedef std::uint16_t uint16;
typedef std::uint32_t uint32;
typedef std::uint64_t uint64;
typedef std::int8_t int8;
typedef std::int16_t int16;
typedef std::int32_t int32;
typedef std::int64_t int64;
typedef char ANSICHAR;
typedef char16_t TCHAR;
#define TEXT(x) u##x

#define check(expr) do { if (!(expr)) std::abort(); } while (0)
#define checkf(expr, ...) do { if (!(expr)) std::abort(); } while (0)
#define verify(expr) do { if (!(expr)) std::abort(); } while (0)
#define ensure(expr) (!!(expr))
#define THIRD_PARTY_INCLUDES_START
#define THIRD_PARTY_INCLUDES_END
#define UE_SOURCE_LOCATION TEXT("source location")

#define UCLASS(...)
#define USTRUCT(...)
#define UENUM(...)
#define UPROPERTY(...)
#define UFUNCTION(...)
#define UMETA(...)
// As in Unreal, GENERATED_BODY() names a macro that the header's .generated.h defines for that
// line (tests/unreal-stubs/generate-headers.py writes them: Super, ThisClass, then private:
// in classes).
#define UNREAL_STUB_COMBINE_INNER(A, B, C, D) A##B##C##D
#define UNREAL_STUB_COMBINE(A, B, C, D) UNREAL_STUB_COMBINE_INNER(A, B, C, D)
#define GENERATED_BODY() UNREAL_STUB_COMBINE(CURRENT_FILE_ID, _, __LINE__, _GENERATED_BODY)
#define GOAP_API
#define GOAPSAMPLE_API

// Format strings: every argument must be what a printf-style %s/%d/%f consumes.
template <typename... Args>
void UnrealStubCheckFormat(const TCHAR* /*Format*/, Args&&...)
{
	static_assert((... && (std::is_arithmetic<std::decay_t<Args>>::value || std::is_pointer<std::decay_t<Args>>::value || std::is_enum<std::decay_t<Args>>::value)),
		"format arguments must be scalars or pointers: pass *SomeFString, not SomeFString");
}

namespace ELogVerbosity { enum Type : uint8 { NoLogging, Fatal, Error, Warning, Display, Log, Verbose, VeryVerbose, All }; }
struct FLogCategoryBase { ELogVerbosity::Type Default; };
#define DECLARE_LOG_CATEGORY_EXTERN(Name, Default, Compile) extern struct FLogCategory##Name : FLogCategoryBase {} Name
#define DEFINE_LOG_CATEGORY(Name) FLogCategory##Name Name
#define UE_LOG(Category, Verbosity, Format, ...) \
	do { (void)&Category; (void)ELogVerbosity::Verbosity; UnrealStubCheckFormat(Format, ##__VA_ARGS__); } while (0)
#define LowLevelFatalError(Format, ...) \
	do { UnrealStubCheckFormat(Format, ##__VA_ARGS__); std::abort(); } while (0)

// ---- strings
class FString
{
public:
	FString() = default;
	FString(const TCHAR* Text) : Data(Text ? Text : u"") {}
	explicit FString(std::u16string Text) : Data(std::move(Text)) {}
	const TCHAR* operator*() const { return Data.c_str(); }
	bool IsEmpty() const { return Data.empty(); }
	int32 Len() const { return static_cast<int32>(Data.size()); }
	void Empty() { Data.clear(); }
	bool Equals(const FString& Other, int SearchCase) const;
	// Unreal's == ignores case.
	friend bool operator==(const FString& A, const FString& B) { return A.Equals(B, 1); }
	template <typename... Args>
	static FString Printf(const TCHAR* Format, Args&&... Arguments)
	{
		UnrealStubCheckFormat(Format, std::forward<Args>(Arguments)...);
		return FString(Format);
	}
	template <typename RangeType, typename ProjectionType>
	static FString JoinBy(const RangeType& Range, const TCHAR* Separator, ProjectionType Proj)
	{
		std::u16string Out;
		for (const auto& Element : Range)
		{
			if (!Out.empty()) Out += Separator;
			const FString Part = Proj(Element);
			Out += *Part;
		}
		return FString(std::move(Out));
	}
	std::u16string Data;
};
namespace ESearchCase { enum Type { CaseSensitive, IgnoreCase }; }
inline bool FString::Equals(const FString& Other, int SearchCase) const
{
	if (SearchCase == ESearchCase::CaseSensitive) return Data == Other.Data;
	auto Lower = [](char16_t C) { return (C >= u'A' && C <= u'Z') ? char16_t(C + 32) : C; };
	return Data.size() == Other.Data.size() && std::equal(Data.begin(), Data.end(), Other.Data.begin(), [&](char16_t A, char16_t B) { return Lower(A) == Lower(B); });
}

class FTCHARToUTF8
{
public:
	explicit FTCHARToUTF8(const TCHAR* Source);
	const ANSICHAR* Get() const { return Buffer.c_str(); }
	int32 Length() const { return static_cast<int32>(Buffer.size()); }
private:
	std::string Buffer;
};
inline FTCHARToUTF8::FTCHARToUTF8(const TCHAR* Source)
{
	for (; Source && *Source; ++Source)
	{
		uint32 C = *Source;
		if (C >= 0xD800 && C < 0xDC00 && Source[1]) { C = 0x10000 + ((C - 0xD800) << 10) + (Source[1] - 0xDC00); ++Source; }
		if (C < 0x80) Buffer += char(C);
		else if (C < 0x800) { Buffer += char(0xC0 | (C >> 6)); Buffer += char(0x80 | (C & 0x3F)); }
		else if (C < 0x10000) { Buffer += char(0xE0 | (C >> 12)); Buffer += char(0x80 | ((C >> 6) & 0x3F)); Buffer += char(0x80 | (C & 0x3F)); }
		else { Buffer += char(0xF0 | (C >> 18)); Buffer += char(0x80 | ((C >> 12) & 0x3F)); Buffer += char(0x80 | ((C >> 6) & 0x3F)); Buffer += char(0x80 | (C & 0x3F)); }
	}
}
class FUTF8ToTCHAR
{
public:
	explicit FUTF8ToTCHAR(const ANSICHAR* Source) { for (; Source && *Source; ++Source) Buffer += char16_t(static_cast<unsigned char>(*Source)); }
	const TCHAR* Get() const { return Buffer.c_str(); }
private:
	std::u16string Buffer;
};
#define UTF8_TO_TCHAR(str) (TCHAR*)FUTF8ToTCHAR((const ANSICHAR*)str).Get()
#define TCHAR_TO_UTF8(str) (ANSICHAR*)FTCHARToUTF8((const TCHAR*)str).Get()

enum EName { NAME_None };
enum EFindName { FNAME_Find, FNAME_Add };
class FName
{
public:
	FName() = default;
	FName(EName) {}
	FName(const TCHAR* Name, EFindName = FNAME_Add) : Text(Name) {}
	FString ToString() const { return Text; }
	bool IsNone() const { return Text.IsEmpty(); }
	// Case-insensitive, as in Unreal.
	friend bool operator==(const FName& A, const FName& B) { return A.Text == B.Text; }
	friend bool operator!=(const FName& A, const FName& B) { return !(A == B); }
	friend bool operator<(const FName& A, const FName& B) { return Lower(A) < Lower(B); }
private:
	static std::u16string Lower(const FName& N) { std::u16string S = N.Text.Data; for (char16_t& C : S) if (C >= u'A' && C <= u'Z') C = char16_t(C + 32); return S; }
	FString Text;
};

template <typename T> T&& MoveTemp(T& Value) { return static_cast<T&&>(Value); }

struct FMath
{
	template <typename T> static T Max(T A, T B) { return A < B ? B : A; }
	template <typename T> static T Min(T A, T B) { return A < B ? A : B; }
};

// ---- containers (only what is called; ordered std containers where Unreal hashes)
template <typename T>
class TArray
{
public:
	TArray() = default;
	int32 Num() const { return static_cast<int32>(Items.size()); }
	int32 Add(const T& Item) { Items.push_back(Item); return Num() - 1; }
	void Reserve(int32 Count) { Items.reserve(static_cast<size_t>(Count)); }
	void Empty() { Items.clear(); }
	bool IsValidIndex(int32 Index) const { return Index >= 0 && Index < Num(); }
	T& operator[](int32 Index) { return Items[static_cast<size_t>(Index)]; }
	const T& operator[](int32 Index) const { return Items[static_cast<size_t>(Index)]; }
	const T* GetData() const { return Items.data(); }
	template <typename KeyType>
	int32 IndexOfByKey(const KeyType& Key) const
	{
		for (int32 I = 0; I < Num(); ++I) if (Items[static_cast<size_t>(I)] == Key) return I;
		return -1;
	}
	template <typename Predicate>
	bool ContainsByPredicate(Predicate Pred) const { return std::any_of(Items.begin(), Items.end(), Pred); }
	typename std::vector<T>::const_iterator begin() const { return Items.begin(); }
	typename std::vector<T>::const_iterator end() const { return Items.end(); }
private:
	std::vector<T> Items;
};

template <typename K, typename V>
struct TPair { K Key; V Value; };

template <typename K, typename V>
class TMap
{
public:
	V& Add(const K& Key, const V& Value) { for (auto& P : Pairs) if (P.Key == Key) { P.Value = Value; return P.Value; } Pairs.push_back({Key, Value}); return Pairs.back().Value; }
	V* Find(const K& Key) { for (auto& P : Pairs) if (P.Key == Key) return &P.Value; return nullptr; }
	const V* Find(const K& Key) const { for (const auto& P : Pairs) if (P.Key == Key) return &P.Value; return nullptr; }
	bool Contains(const K& Key) const { return Find(Key) != nullptr; }
	int32 Num() const { return static_cast<int32>(Pairs.size()); }
	void Empty() { Pairs.clear(); }
	int32 Remove(const K& Key) { const size_t Before = Pairs.size(); Pairs.erase(std::remove_if(Pairs.begin(), Pairs.end(), [&](const TPair<K, V>& P) { return P.Key == Key; }), Pairs.end()); return static_cast<int32>(Before - Pairs.size()); }
	typename std::vector<TPair<K, V>>::const_iterator begin() const { return Pairs.begin(); }
	typename std::vector<TPair<K, V>>::const_iterator end() const { return Pairs.end(); }
private:
	std::vector<TPair<K, V>> Pairs;
};

template <typename T> class TSharedRef;
template <typename T>
class TSharedPtr
{
public:
	TSharedPtr() = default;
	TSharedPtr(std::nullptr_t) {}
	template <typename U> TSharedPtr(const TSharedPtr<U>& Other) : Ptr(Other.Ptr) {}
	template <typename U> TSharedPtr(const TSharedRef<U>& Other) : Ptr(Other.Ptr) {}
	bool IsValid() const { return Ptr != nullptr; }
	void Reset() { Ptr.reset(); }
	T* operator->() const { return Ptr.get(); }
	T& operator*() const { return *Ptr; }
	std::shared_ptr<T> Ptr;
};
template <typename T>
class TSharedRef
{
public:
	explicit TSharedRef(std::shared_ptr<T> P) : Ptr(std::move(P)) {}
	T* operator->() const { return Ptr.get(); }
	T& Get() const { return *Ptr; }
	std::shared_ptr<T> Ptr;
};
template <typename T, typename... Args>
TSharedRef<T> MakeShared(Args&&... Arguments) { return TSharedRef<T>(std::make_shared<T>(std::forward<Args>(Arguments)...)); }

// ---- UObject
#ifndef WITH_EDITOR
#define WITH_EDITOR 1
#endif
#ifndef WITH_EDITORONLY_DATA
#define WITH_EDITORONLY_DATA 1
#endif
enum class EDataValidationResult : uint8;
class FDataValidationContext;
class UClass;
class UWorld;
class UPackage;
class UObject
{
public:
	virtual ~UObject() = default;
	FString GetName() const;
	FString GetPathName() const;
	virtual UWorld* GetWorld() const;
	bool Modify(bool bAlwaysMarkDirty = true);
	static UClass* StaticClass();
#if WITH_EDITOR
	virtual EDataValidationResult IsDataValid(FDataValidationContext& Context) const;
#endif
};
UPackage* GetTransientPackage();
template <typename T> T* NewObject(UObject* Outer);

template <typename T>
class TObjectPtr
{
public:
	TObjectPtr() = default;
	TObjectPtr(T* P) : Ptr(P) {}
	TObjectPtr& operator=(T* P) { Ptr = P; return *this; }
	T* operator->() const { return Ptr; }
	T& operator*() const { return *Ptr; }
	operator T*() const { return Ptr; }
	explicit operator bool() const { return Ptr != nullptr; }
	bool operator!() const { return Ptr == nullptr; }
private:
	T* Ptr = nullptr;
};

template <typename T>
class TWeakObjectPtr
{
public:
	TWeakObjectPtr() = default;
	TWeakObjectPtr(T* P) : Ptr(P) {}
	T* Get() const { return Ptr; }
	bool IsValid() const { return Ptr != nullptr; }
	void Reset() { Ptr = nullptr; }
private:
	T* Ptr = nullptr;
};

template <typename T>
class TObjectKey
{
public:
	TObjectKey() = default;
	TObjectKey(const T* Object) : Ptr(Object) {}
	friend bool operator==(const TObjectKey& A, const TObjectKey& B) { return A.Ptr == B.Ptr; }
	T* ResolveObjectPtr() const { return const_cast<T*>(Ptr); }
private:
	const T* Ptr = nullptr;
};

class UEnum
{
public:
	template <typename EnumType> static FString GetValueAsString(EnumType Value) { static_assert(std::is_enum<EnumType>::value, "an enum"); (void)Value; return FString(); }
};

class UDataAsset : public UObject {};
class UPackage : public UObject {};

// ---- delegates (dynamic multicast: Broadcast with the declared types, AddDynamic with a matching method)
template <typename... Params>
class TStubDynamicMulticast
{
public:
	void Broadcast(Params... Arguments) const { for (const auto& Fn : Bound) Fn(Arguments...); }
	template <typename U>
	void __Internal_AddDynamic(U* Object, void (U::*Method)(Params...), FName) { Bound.push_back([Object, Method](Params... A) { (Object->*Method)(A...); }); }
private:
	std::vector<std::function<void(Params...)>> Bound;
};
#define DECLARE_DYNAMIC_MULTICAST_DELEGATE(Name) class Name : public TStubDynamicMulticast<> {};
#define DECLARE_DYNAMIC_MULTICAST_DELEGATE_OneParam(Name, T1, N1) class Name : public TStubDynamicMulticast<T1> {};
#define DECLARE_DYNAMIC_MULTICAST_DELEGATE_TwoParams(Name, T1, N1, T2, N2) class Name : public TStubDynamicMulticast<T1, T2> {};
#define AddDynamic(Object, Method) __Internal_AddDynamic(Object, Method, FName(TEXT(#Method)))

// ---- engine
namespace EEndPlayReason { enum Type { Destroyed, LevelTransition, EndPlayInEditor, RemovedFromWorld, Quit }; }
namespace EWorldType { enum Type { None, Game, Editor, PIE, EditorPreview, GamePreview, GameRPC, Inactive }; }
enum ELevelTick { LEVELTICK_TimeOnly, LEVELTICK_ViewportsOnly, LEVELTICK_All, LEVELTICK_PauseTick };
struct FTickFunction { bool bCanEverTick = false; bool bStartWithTickEnabled = true; };
struct FActorComponentTickFunction : FTickFunction {};

class AActor;
class UActorComponent : public UObject
{
public:
	AActor* GetOwner() const;
	void SetComponentTickEnabled(bool bEnabled);
	virtual void BeginPlay();
	virtual void EndPlay(const EEndPlayReason::Type EndPlayReason);
	virtual void TickComponent(float DeltaTime, ELevelTick TickType, FActorComponentTickFunction* ThisTickFunction);
	FActorComponentTickFunction PrimaryComponentTick;
};
class USceneComponent : public UActorComponent {};

struct FTimerHandle { uint64 Handle = 0; };
class FTimerManager
{
public:
	template <typename UserClass>
	void SetTimer(FTimerHandle& InOutHandle, UserClass* InObj, void (UserClass::*InTimerMethod)(), float InRate, bool InbLoop = false, float InFirstDelay = -1.f);
	void ClearTimer(FTimerHandle& InHandle);
	void ClearAllTimersForObject(const void* Object);
};

// Engine/EngineBaseTypes.h: a plain enum.
enum ENetMode { NM_Standalone, NM_DedicatedServer, NM_ListenServer, NM_Client, NM_MAX };

class AActor : public UObject
{
public:
	virtual void BeginPlay();
	virtual void EndPlay(const EEndPlayReason::Type EndPlayReason);
	FTimerManager& GetWorldTimerManager() const;
	bool HasAuthority() const;
	ENetMode GetNetMode() const;
	template <typename T> T* FindComponentByClass() const;
	template <typename T> T* CreateDefaultSubobject(FName Name, bool bTransient = false);
	TObjectPtr<USceneComponent> RootComponent;
};
class APawn : public AActor {};
class AController : public AActor { public: APawn* GetPawn() const; };
class AAIController : public AController {};

struct FSubsystemCollectionBase {};
class USubsystem : public UObject
{
public:
	virtual void Initialize(FSubsystemCollectionBase& Collection);
	virtual void Deinitialize();
};
class UWorldSubsystem : public USubsystem
{
protected:
	virtual bool DoesSupportWorldType(const EWorldType::Type WorldType) const;
};
struct TStatId {};
#define RETURN_QUICK_DECLARE_CYCLE_STAT(StatId, GroupId) return TStatId()
class UTickableWorldSubsystem : public UWorldSubsystem
{
public:
	virtual void Initialize(FSubsystemCollectionBase& Collection) override;
	virtual void Deinitialize() override;
	virtual void Tick(float DeltaTime);
	virtual TStatId GetStatId() const = 0;
};
class UWorld : public UObject
{
public:
	template <typename T> T* GetSubsystem() const;
};

// ---- AI
namespace EBTNodeResult { enum Type : uint8 { Succeeded, Failed, Aborted, InProgress }; }
class UBehaviorTreeComponent;
class UBTNode : public UObject
{
public:
	FString GetNodeName() const;
	virtual FString GetStaticDescription() const;
	virtual uint16 GetInstanceMemorySize() const;
	template <typename T> T* CastInstanceNodeMemory(uint8* NodeMemory) const { return reinterpret_cast<T*>(NodeMemory); }
	FString NodeName;
};
class UBTTaskNode : public UBTNode
{
public:
	virtual EBTNodeResult::Type ExecuteTask(UBehaviorTreeComponent& OwnerComp, uint8* NodeMemory);
	virtual EBTNodeResult::Type AbortTask(UBehaviorTreeComponent& OwnerComp, uint8* NodeMemory);
	void FinishLatentTask(UBehaviorTreeComponent& OwnerComp, EBTNodeResult::Type TaskResult) const;
protected:
	virtual void TickTask(UBehaviorTreeComponent& OwnerComp, uint8* NodeMemory, float DeltaSeconds);
	uint8 bNotifyTick : 1;
};
class UBrainComponent : public UActorComponent { public: AAIController* GetAIOwner() const; };
class UBehaviorTreeComponent : public UBrainComponent {};

// ---- misc
struct FPaths
{
	static bool IsRelative(const FString& Path);
	static FString ProjectContentDir();
	static FString ProjectDir();
	static FString ProjectSavedDir();
	static bool MakePathRelativeTo(FString& InPath, const TCHAR* InRelativeTo);
	static FString GetCleanFilename(const FString& InPath);
	template <typename... PathTypes> static FString Combine(PathTypes&&... Paths);
};
struct FFileHelper
{
	enum class EHashOptions { None };
	static bool LoadFileToString(FString& Result, const TCHAR* Filename, EHashOptions VerifyFlags = EHashOptions::None, uint32 ReadFlags = 0);
};

template <typename T>
class TAutoConsoleVariable
{
public:
	TAutoConsoleVariable(const TCHAR* Name, const T& DefaultValue, const TCHAR* Help, int32 Flags = 0);
	T GetValueOnGameThread() const;
	T GetValueOnAnyThread() const;
};

namespace UE::Tasks
{
	class FTask
	{
	public:
		bool IsValid() const;
		bool Wait() const;
	};
	enum class ETaskPriority { High, Normal, BackgroundHigh, BackgroundNormal, BackgroundLow };
	template <typename TaskBodyType>
	FTask Launch(const TCHAR* DebugName, TaskBodyType&& TaskBody, ETaskPriority Priority = ETaskPriority::Normal)
	{
		static_assert(std::is_invocable_r<void, TaskBodyType>::value, "a task body takes no arguments");
		(void)DebugName; (void)TaskBody; (void)Priority;
		return FTask();
	}
}

class IModuleInterface
{
public:
	virtual ~IModuleInterface() = default;
	virtual void StartupModule() {}
	virtual void ShutdownModule() {}
};
class FDefaultGameModuleImpl : public IModuleInterface {};
#define IMPLEMENT_MODULE(ModuleClass, ModuleName) static_assert(std::is_base_of<IModuleInterface, ModuleClass>::value, #ModuleClass " is a module");
#define IMPLEMENT_PRIMARY_GAME_MODULE(ModuleClass, ModuleName, GameName) IMPLEMENT_MODULE(ModuleClass, ModuleName)

// ---- Json
class FJsonObject;
class FJsonValue
{
public:
	bool TryGetObject(const TSharedPtr<FJsonObject>*& Object) const;
};
class FJsonObject
{
public:
	TMap<FString, TSharedPtr<FJsonValue>> Values;
	bool TryGetArrayField(const FString& FieldName, const TArray<TSharedPtr<FJsonValue>>*& OutArray) const;
	bool TryGetObjectField(const FString& FieldName, const TSharedPtr<FJsonObject>*& OutObject) const;
	bool TryGetStringField(const FString& FieldName, FString& OutString) const;
};
template <typename CharType = TCHAR> class TJsonReader {};
template <typename CharType = TCHAR>
struct TJsonReaderFactory { static TSharedRef<TJsonReader<CharType>> Create(const FString& JsonString); };
struct FJsonSerializer
{
	template <typename CharType>
	static bool Deserialize(const TSharedRef<TJsonReader<CharType>>& Reader, TSharedPtr<FJsonObject>& OutObject);
};
#include "UnrealStubsAI.h"
#include "UnrealStubsDebug.h"
