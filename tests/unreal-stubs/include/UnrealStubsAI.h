// More of the minimal Unreal stand-in (see UnrealStubs.h, which includes this at its end):
// what the plugin's actions (UGoapAction), the Blackboard mirror and UBTTask_GoapRunAction
// use: UClass flags, TSubclassOf, NewObject with a class, the Blackboard component and key
// selector, UAIBlueprintHelperLibrary. Unreal's names, types and constness; no behaviour.
#pragma once

enum EClassFlags : uint32 { CLASS_None = 0x0u, CLASS_Abstract = 0x1u };
class UClass : public UObject
{
public:
	bool HasAnyClassFlags(EClassFlags FlagsToCheck) const;
};

template <typename T>
class TSubclassOf
{
public:
	TSubclassOf() = default;
	TSubclassOf(UClass* From) : Class(From) {}
	UClass* Get() const { return Class; }
	operator UClass*() const { return Class; }
	UClass* operator*() const { return Class; }
private:
	UClass* Class = nullptr;
};

template <typename T> T* NewObject(UObject* Outer, const UClass* Class, FName Name = NAME_None);

#define GET_MEMBER_NAME_CHECKED(ClassName, MemberName) ((void)sizeof(&ClassName::MemberName), FName(TEXT(#MemberName)))

namespace FBlackboard
{
	typedef uint8 FKey;
	constexpr FKey InvalidKey = FKey(-1);
}

struct FBlackboardKeySelector
{
	FName SelectedKeyName;
	void AllowNoneAsValue(bool bAllow);
	void AddNameFilter(UObject* Owner, FName PropertyName);
	void AddBoolFilter(UObject* Owner, FName PropertyName);
	void AddIntFilter(UObject* Owner, FName PropertyName);
	bool IsSet() const;
};

class UBlackboardComponent : public UActorComponent
{
public:
	FBlackboard::FKey GetKeyID(const FName& KeyName) const;
	bool GetValueAsBool(const FName& KeyName) const;
	int32 GetValueAsInt(const FName& KeyName) const;
	FName GetValueAsName(const FName& KeyName) const;
	void SetValueAsName(const FName& KeyName, FName NameValue);
	void ClearValue(const FName& KeyName);
};

class UBlueprintFunctionLibrary : public UObject {};
class UAIBlueprintHelperLibrary : public UBlueprintFunctionLibrary
{
public:
	static UBlackboardComponent* GetBlackboard(AActor* Target);
};
