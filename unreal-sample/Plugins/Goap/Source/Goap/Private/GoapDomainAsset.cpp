#include "GoapDomainAsset.h"

#include "Dom/JsonObject.h"
#include "GoapLog.h"
#include "GoapNative.h"
#include "GoapStrings.h"
#include "Misc/FileHelper.h"
#include "Misc/Paths.h"
#include "Serialization/JsonReader.h"
#include "Serialization/JsonSerializer.h"
#include "UObject/Package.h"

namespace
{
	FString ResolvePath(const FString& Path)
	{
		return FPaths::IsRelative(Path) ? FPaths::Combine(FPaths::ProjectContentDir(), Path) : Path;
	}

	void AddKeys(const TSharedPtr<FJsonObject>& Object, const TCHAR* Field, TArray<FString>& Out)
	{
		const TSharedPtr<FJsonObject>* Map = nullptr;
		if (Object.IsValid() && Object->TryGetObjectField(Field, Map))
		{
			for (const TPair<FString, TSharedPtr<FJsonValue>>& Entry : (*Map)->Values)
			{
				Out.Add(Entry.Key);
			}
		}
	}
}

bool UGoapDomainAsset::ValidateJson(const FString& Json, FString& OutError)
{
	goap::Result<goap::World> World = goap::World::create();
	if (!World.ok())
	{
		OutError = GoapStrings::Message(World.error());
		return false;
	}
	const GoapStrings::FUtf8 Text(Json);
	goap::Result<goap::Domain> Domain = World.value().load_domain(Text.View());
	if (!Domain.ok())
	{
		OutError = GoapStrings::Message(Domain.error());
		return false;
	}
	OutError.Empty();
	return true;
}

bool UGoapDomainAsset::Validate(FString& OutError) const
{
	return ValidateJson(DomainJson, OutError);
}

bool UGoapDomainAsset::LoadFromJsonFile(const FString& Path, FString& OutError)
{
	const FString FullPath = ResolvePath(Path);
	FString Text;
	if (!FFileHelper::LoadFileToString(Text, *FullPath))
	{
		OutError = FString::Printf(TEXT("cannot read %s"), *FullPath);
		return false;
	}
	FString ParseError;
	if (!ValidateJson(Text, ParseError))
	{
		OutError = FString::Printf(TEXT("%s: %s"), *FullPath, *ParseError);
		return false;
	}
	Modify();
	DomainJson = MoveTemp(Text);
	SourceFile = FullPath;
	OutError.Empty();
	return true;
}

UGoapDomainAsset* UGoapDomainAsset::CreateFromJsonFile(UObject* Outer, const FString& Path, FString& OutError)
{
	UGoapDomainAsset* Asset = NewObject<UGoapDomainAsset>(Outer ? Outer : GetTransientPackage());
	return Asset->LoadFromJsonFile(Path, OutError) ? Asset : nullptr;
}

bool UGoapDomainAsset::ReadNames(FGoapDomainNames& OutNames, FString& OutError) const
{
	OutNames = FGoapDomainNames();
	TSharedPtr<FJsonObject> Root;
	const TSharedRef<TJsonReader<>> Reader = TJsonReaderFactory<>::Create(DomainJson);
	if (!FJsonSerializer::Deserialize(Reader, Root) || !Root.IsValid())
	{
		OutError = FString::Printf(TEXT("%s: not a JSON object"), *GetPathName());
		return false;
	}

	AddKeys(Root, TEXT("vars"), OutNames.Vars);
	TArray<FString> Keys;
	AddKeys(Root, TEXT("start"), Keys);
	AddKeys(Root, TEXT("goal"), Keys);

	const TArray<TSharedPtr<FJsonValue>>* Actions = nullptr;
	if (Root->TryGetArrayField(TEXT("actions"), Actions))
	{
		for (const TSharedPtr<FJsonValue>& Value : *Actions)
		{
			const TSharedPtr<FJsonObject>* Action = nullptr;
			if (Value.IsValid() && Value->TryGetObject(Action))
			{
				FString Name;
				if ((*Action)->TryGetStringField(TEXT("name"), Name))
				{
					OutNames.Actions.Add(Name);
				}
				AddKeys(*Action, TEXT("pre"), Keys);
				AddKeys(*Action, TEXT("effects"), Keys);
			}
		}
	}

	const TArray<TSharedPtr<FJsonValue>>* Goals = nullptr;
	if (Root->TryGetArrayField(TEXT("goals"), Goals))
	{
		for (const TSharedPtr<FJsonValue>& Value : *Goals)
		{
			const TSharedPtr<FJsonObject>* Goal = nullptr;
			// Indices must match the agent's goal indices, so a goal without a name keeps its slot.
			FString Name;
			if (Value.IsValid() && Value->TryGetObject(Goal))
			{
				(*Goal)->TryGetStringField(TEXT("name"), Name);
				AddKeys(*Goal, TEXT("conditions"), Keys);
			}
			OutNames.Goals.Add(Name);
		}
	}

	// Facts and variables share one namespace: a key is a fact unless "vars" declares it.
	for (const FString& Key : Keys)
	{
		const bool bIsVar = OutNames.Vars.ContainsByPredicate([&Key](const FString& Var) { return Var.Equals(Key, ESearchCase::CaseSensitive); });
		const bool bSeen = OutNames.Facts.ContainsByPredicate([&Key](const FString& Fact) { return Fact.Equals(Key, ESearchCase::CaseSensitive); });
		if (!bIsVar && !bSeen)
		{
			OutNames.Facts.Add(Key);
		}
	}
	OutError.Empty();
	return true;
}
