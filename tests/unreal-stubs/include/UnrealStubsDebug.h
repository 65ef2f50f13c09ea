// Stubs for the plugin's settings, threading, debugging and module-hygiene code (see
// UnrealStubs.h for what these stubs are and are not): UDeveloperSettings, TPimplPtr,
// ParallelFor, the CPU profiler trace macro, the Visual Logger, data validation, console
// commands with world and arguments, the Gameplay Debugger and the plugin manager. Only the
// names and signatures the plugin uses, with Unreal's spelling and constness.
#pragma once

// ---- platform and build macros (UBT defines them; here: a Windows editor build)
#ifndef PLATFORM_WINDOWS
#define PLATFORM_WINDOWS 1
#endif
#ifndef PLATFORM_MAC
#define PLATFORM_MAC 0
#endif
#ifndef PLATFORM_LINUX
#define PLATFORM_LINUX 0
#endif
#ifndef ENABLE_VISUAL_LOG
#define ENABLE_VISUAL_LOG 1
#endif

// ---- Templates/PimplPtr.h: the deleter is captured by MakePimpl, so T may be incomplete elsewhere.
template <typename T>
class TPimplPtr
{
public:
	TPimplPtr() = default;
	TPimplPtr(std::nullptr_t) {}
	TPimplPtr(TPimplPtr&&) = default;
	TPimplPtr& operator=(TPimplPtr&&) = default;
	TPimplPtr(const TPimplPtr&) = delete;
	TPimplPtr& operator=(const TPimplPtr&) = delete;
	T* Get() const { return Ptr.get(); }
	T* operator->() const { return Ptr.get(); }
	T& operator*() const { return *Ptr; }
	bool IsValid() const { return Ptr != nullptr; }
	template <typename U, typename... Args> friend TPimplPtr<U> MakePimpl(Args&&... Arguments);
private:
	std::unique_ptr<T, void (*)(T*)> Ptr{nullptr, nullptr};
};
template <typename T, typename... Args>
TPimplPtr<T> MakePimpl(Args&&... Arguments)
{
	TPimplPtr<T> Result;
	Result.Ptr = std::unique_ptr<T, void (*)(T*)>(new T(std::forward<Args>(Arguments)...), [](T* P) { delete P; });
	return Result;
}

// ---- Engine/DeveloperSettings.h, UObject defaults
class UDeveloperSettings : public UObject
{
public:
	virtual FName GetCategoryName() const;
};
template <typename T> const T* GetDefault();
template <typename T> T* GetMutableDefault();

// ---- Async/ParallelFor.h, Async/TaskGraphInterfaces.h
enum class EParallelForFlags { None = 0, ForceSingleThread = 1, Unbalanced = 2, PumpRenderingThread = 4, BackgroundPriority = 8 };
template <typename FunctionType>
void ParallelFor(int32 Num, const FunctionType& Body, EParallelForFlags Flags = EParallelForFlags::None)
{
	static_assert(std::is_invocable<const FunctionType&, int32>::value, "ParallelFor's body takes the index (int32)");
	(void)Flags;
	for (int32 Index = 0; Index < Num; ++Index) Body(Index);
}
class FTaskGraphInterface
{
public:
	static FTaskGraphInterface& Get();
	int32 GetNumWorkerThreads();
};

// ---- ProfilingDebugging/CpuProfilerTrace.h
#define TRACE_CPUPROFILER_EVENT_SCOPE(Name) static_assert(sizeof(#Name) > 1, "an event name")

// ---- Misc/DateTime.h
struct FDateTime
{
	static FDateTime Now();
	FString ToString() const;
};

// ---- text and data validation (Internationalization/Text.h, Misc/DataValidation.h)
class FText
{
public:
	static FText FromString(const FString& String);
	static FText FromString(FString&& String);
};
enum class EDataValidationResult : uint8 { Invalid, Valid, NotValidated };
class FDataValidationContext
{
public:
	void AddError(const FText& Text);
	void AddWarning(const FText& Text);
};

// ---- VisualLogger/VisualLogger.h, VisualLogger/VisualLoggerDebugSnapshotInterface.h
struct FVisualLogStatusCategory
{
	explicit FVisualLogStatusCategory(const FString& InCategory = FString()) : Category(InCategory) {}
	void Add(const FString& Key, const FString& Value);
	FString Category;
};
struct FVisualLogEntry
{
	TArray<FVisualLogStatusCategory> Status;
};
class IVisualLoggerDebugSnapshotInterface
{
public:
	virtual ~IVisualLoggerDebugSnapshotInterface() = default;
#if ENABLE_VISUAL_LOG
	virtual void GrabDebugSnapshot(FVisualLogEntry* /*Snapshot*/) const {}
#endif
};
#define UE_VLOG(LogOwner, CategoryName, Verbosity, Format, ...) \
	do { const UObject* UnrealStubVLogOwner = (LogOwner); (void)UnrealStubVLogOwner; (void)(CategoryName); (void)ELogVerbosity::Verbosity; UnrealStubCheckFormat(Format, ##__VA_ARGS__); } while (0)

// ---- HAL/IConsoleManager.h: commands
class FConsoleCommandWithWorldAndArgsDelegate
{
public:
	static FConsoleCommandWithWorldAndArgsDelegate CreateStatic(void (*Function)(const TArray<FString>&, UWorld*));
};
class FAutoConsoleCommandWithWorldAndArgs
{
public:
	FAutoConsoleCommandWithWorldAndArgs(const TCHAR* Name, const TCHAR* Help, const FConsoleCommandWithWorldAndArgsDelegate& Command, int32 Flags = 0);
};

// ---- HAL/PlatformProcess.h, Interfaces/IPluginManager.h
struct FPlatformProcess
{
	static void* GetDllHandle(const TCHAR* Filename);
	static void FreeDllHandle(void* DllHandle);
};
class IPlugin
{
public:
	virtual ~IPlugin() = default;
	virtual FString GetBaseDir() const = 0;
};
class IPluginManager
{
public:
	static IPluginManager& Get();
	virtual TSharedPtr<IPlugin> FindPlugin(const FString& Name) = 0;
};

// ---- GameplayDebugger.h, GameplayDebuggerCategory.h (built WITH_GAMEPLAY_DEBUGGER)
class APlayerController;
template <typename T>
struct TStubRawPtrProxy
{
	T* Ptr;
	template <typename U> operator TSharedRef<U>() const { return TSharedRef<U>(std::shared_ptr<U>(Ptr)); }
};
template <typename T> TStubRawPtrProxy<T> MakeShareable(T* Object) { return TStubRawPtrProxy<T>{Object}; }
class FGameplayDebuggerCategory
{
public:
	virtual ~FGameplayDebuggerCategory() = default;
	virtual void CollectData(APlayerController* OwnerPC, AActor* DebugActor);
	void AddTextLine(const FString& TextLine);
protected:
	float CollectDataInterval = 0.0f;
	uint32 bShowOnlyWithDebugActor : 1;
};
enum class EGameplayDebuggerCategoryState : uint8 { EnabledInGameAndSimulate, EnabledInGame, EnabledInSimulate, Disabled, Hidden };
class IGameplayDebugger
{
public:
	class FOnGetCategory
	{
	public:
		static FOnGetCategory CreateStatic(TSharedRef<FGameplayDebuggerCategory> (*Function)());
	};
	static IGameplayDebugger& Get();
	static bool IsAvailable();
	virtual void RegisterCategory(FName CategoryName, FOnGetCategory MakeInstanceDelegate, EGameplayDebuggerCategoryState CategoryState = EGameplayDebuggerCategoryState::Disabled, int32 SlotIdx = -1) = 0;
	virtual void UnregisterCategory(FName CategoryName) = 0;
	virtual void NotifyCategoriesChanged() = 0;
};
