#pragma once

#include "CoreMinimal.h"
#include "GameFramework/Actor.h"
#include "GoapTypes.h"
#include "GoapSampleGuard.generated.h"

class UGoapAgentComponent;

/**
 * A guard planned by GOAP (Content/GoapDomains/guard.json): it closes the gate and returns to
 * its post, then searches the gate by torchlight. Every so often the gate blows open, and
 * after a while an intruder shows up, so that the log shows goals switching. Its actions are
 * UGoapAction classes (GoapSampleActions.h) mapped by name on the agent component, which
 * runs them (start, tick, report; abort when the plan changes): they take time and log; the
 * first search fails (the torch blows out) and the agent replans. Under a Behaviour Tree the
 * same classes would run from UBTTask_GoapRunAction. Drop one into any level and press Play.
 */
UCLASS()
class GOAPSAMPLE_API AGoapSampleGuard : public AActor
{
	GENERATED_BODY()

public:
	AGoapSampleGuard();

	/** What the guard's eyes would call: believe an intruder is there and make alarm the top goal. */
	UFUNCTION(BlueprintCallable, Category = "GOAP Sample")
	void SeeIntruder();

protected:
	virtual void BeginPlay() override;
	virtual void EndPlay(const EEndPlayReason::Type EndPlayReason) override;

private:
	UFUNCTION()
	void HandleReplanned(EGoapReplanCause Cause, FName Goal);

	UFUNCTION()
	void HandleIdle();

	void BlowGateOpen();

	UPROPERTY(VisibleAnywhere, Category = "GOAP Sample")
	TObjectPtr<UGoapAgentComponent> Goap;

	/** The domain file, relative to the project's Content directory; used when Goap has no Domain asset. */
	UPROPERTY(EditAnywhere, Category = "GOAP Sample")
	FString DomainFile = TEXT("GoapDomains/guard.json");

	UPROPERTY(EditAnywhere, Category = "GOAP Sample", meta = (ClampMin = "1.0", Units = "s"))
	float GateBlowsOpenEvery = 20.0f;

	UPROPERTY(EditAnywhere, Category = "GOAP Sample", meta = (ClampMin = "0.0", Units = "s"))
	float IntruderAfter = 45.0f;

	FTimerHandle GateTimer;
	FTimerHandle IntruderTimer;
};
