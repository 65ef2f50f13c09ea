#pragma once

#include "CoreMinimal.h"
#include "Engine/DataAsset.h"
#include "GoapDomainAsset.generated.h"

/** The names a domain declares, in id order (goals: in file order, the order of goap::Agent::goal_at), as the library reads them back. */
struct GOAP_API FGoapDomainNames
{
	TArray<FString> Facts;
	TArray<FString> Vars;
	TArray<FString> Actions;
	TArray<FString> Goals;
};

/**
 * A GOAP domain: facts, actions (preconditions, effects, costs), a start state and the goals
 * of its agents, as the JSON text of a domain file (the goap repository's README, section
 * "Domain files"; check one with `goap lint FILE`). The text is parsed by the library when an agent first
 * needs the domain in a world; Validate parses it now.
 */
UCLASS(BlueprintType)
class GOAP_API UGoapDomainAsset : public UDataAsset
{
	GENERATED_BODY()

public:
	/** The domain file's text (JSON, UTF-8 once converted). Worlds that loaded it keep the version they loaded. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP", meta = (MultiLine = true))
	FString DomainJson;

	/** Where DomainJson was last loaded from (informational). */
	UPROPERTY(VisibleAnywhere, BlueprintReadOnly, Category = "GOAP")
	FString SourceFile;

	/**
	 * Replaces DomainJson with the file's text if the library accepts it; a relative path is
	 * taken from the project's Content directory. On failure nothing changes and OutError holds
	 * why (the library's message gives line:column).
	 */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	bool LoadFromJsonFile(const FString& Path, FString& OutError);

	/** A new domain asset (outer: Outer, or the transient package) from a file, or null with OutError. */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	static UGoapDomainAsset* CreateFromJsonFile(UObject* Outer, const FString& Path, FString& OutError);

	/** Parses DomainJson with the library; false with its message (line:column) when it is invalid. */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	bool Validate(FString& OutError) const;

	/** The fact, variable, action and goal names of DomainJson, read back from the library (call on valid text). */
	bool ReadNames(FGoapDomainNames& OutNames, FString& OutError) const;

	/** Validate for any text: empty OutError when the library accepts it. */
	static bool ValidateJson(const FString& Json, FString& OutError);
};
